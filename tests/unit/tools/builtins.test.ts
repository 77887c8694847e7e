// The built-in tools: the QuickJS sandbox against hostile scripts, http_fetch against SSRF (through the
// one outbound guard, lib/adapters/net), and current_time.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HostResolver, OutboundPolicy } from '@/lib/adapters/net'
import { fetchText, hostAllowed, runScript, scriptOutput, timeIn } from '@/lib/services/tools'

describe('javascript: QuickJS sandbox', () => {
  it('computes (a calculator) and returns console lines', async () => {
    expect(await runScript('1000 * 1.05 ** 3')).toMatchObject({ ok: true, value: 1157.6250000000002 })
    const logged = await runScript('console.log("sum", [1,2].reduce((a, b) => a + b)); ({ ok: true })')
    expect(scriptOutput(logged)).toBe('{"ok":true}\nconsole:\nsum 3')
  })

  it('has no host: process, require, fetch, files, timers or import are absent', async () => {
    const probe = await runScript(
      '[typeof process, typeof require, typeof fetch, typeof XMLHttpRequest, typeof setTimeout, typeof globalThis.Deno, typeof module].join(",")',
    )
    expect(probe).toMatchObject({
      ok: true,
      value: 'undefined,undefined,undefined,undefined,undefined,undefined,undefined',
    })
    const escape = await runScript('this.constructor.constructor("return process")()')
    expect(escape.ok && escape.value).not.toEqual(expect.objectContaining({ env: expect.anything() }))
    expect(JSON.stringify(await runScript('import("fs").then((fs) => String(fs.readFileSync))'))).not.toContain(
      'native',
    )
    const file = await runScript('require("fs").readFileSync("/etc/passwd", "utf8")')
    expect(file).toMatchObject({ ok: false })
    expect((file as { error: string }).error).toMatch(/require/)
    const network = await runScript('fetch("http://169.254.169.254/")')
    expect(network).toMatchObject({ ok: false })
  })

  it('stops infinite loops at the time limit', async () => {
    const started = Date.now()
    expect(await runScript('while (true) {}', { timeMs: 300 })).toEqual({ ok: false, error: 'timeout', logs: [] })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(() => scriptOutput({ ok: false, error: 'timeout', logs: [] }, 300)).toThrow(/longer than 300 ms/)
  })

  it('stops memory bombs and deep recursion without harming the host', async () => {
    expect(await runScript('let s = "x"; while (true) s += s')).toMatchObject({ ok: false })
    expect(await runScript('new ArrayBuffer(1e9)')).toMatchObject({ ok: false, error: expect.stringMatching(/memory/) })
    expect(
      await runScript('const a = []; while (true) a.push(new Array(1e5).fill(1))', { timeMs: 1_000 }),
    ).toMatchObject({
      ok: false,
    })
    expect(await runScript('(function f() { f() })()')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/stack/),
    })
    expect(await runScript('2 + 2')).toMatchObject({ ok: true, value: 4 })
  }, 30_000) // four sandboxes run to their limits: more than 5 s on a loaded machine
})

describe('http_fetch: allowed hosts and the outbound guard', () => {
  let publicPeer: http.Server
  let privatePeer: http.Server
  let publicPort = 0
  let privatePort = 0
  const lookup: HostResolver = async (host) => {
    const table: Record<string, string> = {
      'docs.example.com': '127.0.0.1', // allowed by the policy below as if it were public
      'loopy.example.com': '127.0.0.1', // a public-looking name resolving to loopback
      'intranet.example.com': '10.1.2.3',
    }
    if (!table[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    return [{ address: table[host], family: 4 }]
  }
  let policy: OutboundPolicy

  beforeAll(async () => {
    privatePeer = http.createServer((_request, response) => response.end('internal secret'))
    await new Promise<void>((resolve) => privatePeer.listen(0, '127.0.0.1', resolve))
    privatePort = (privatePeer.address() as AddressInfo).port
    publicPeer = http.createServer((request, response) => {
      if (request.url === '/page') return response.writeHead(200, { 'content-type': 'text/plain' }).end('public page')
      if (request.url === '/binary')
        return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([137, 80, 78, 71]))
      if (request.url === '/to-loopback')
        return response.writeHead(302, { location: `http://127.0.0.1:${privatePort}/` }).end()
      if (request.url === '/to-intranet')
        return response.writeHead(302, { location: `http://intranet.example.com:${privatePort}/` }).end()
      if (request.url === '/to-metadata')
        return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => publicPeer.listen(0, '127.0.0.1', resolve))
    publicPort = (publicPeer.address() as AddressInfo).port
    policy = { lookup, allow: [`docs.example.com:${publicPort}`] }
  })
  afterAll(async () => {
    publicPeer.closeAllConnections()
    privatePeer.closeAllConnections()
    await new Promise((resolve) => publicPeer.close(resolve))
    await new Promise((resolve) => privatePeer.close(resolve))
  })

  const everything = [
    'docs.example.com',
    'loopy.example.com',
    'intranet.example.com',
    '127.0.0.1',
    '::1',
    '[::1]',
    '169.254.169.254',
    '10.0.0.1',
  ]

  it('GETs text from an allowed host', async () => {
    const result = await fetchText(`http://docs.example.com:${publicPort}/page`, ['docs.example.com'], { policy })
    expect(result).toMatchObject({ status: 200, body: 'public page' })
  })

  it('refuses hosts the admin did not allow, before any request', async () => {
    await expect(
      fetchText(`http://docs.example.com:${publicPort}/page`, ['other.example.com'], { policy }),
    ).rejects.toThrow(/not allowed/)
    expect(hostAllowed('api.example.com', ['*.example.com'])).toBe(true)
    expect(hostAllowed('example.com.evil.test', ['*.example.com'])).toBe(false)
    expect(hostAllowed('evilexample.com', ['*.example.com'])).toBe(false)
  })

  it('refuses loopback, ::1, metadata, 10/8 and a name resolving to loopback even when the host is allowed', async () => {
    for (const url of [
      `http://127.0.0.1:${privatePort}/`,
      `http://[::1]:${privatePort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      `http://loopy.example.com:${privatePort}/`,
      `http://intranet.example.com:${privatePort}/`,
    ]) {
      await expect(fetchText(url, everything, { policy }), url).rejects.toThrow(/public internet address/)
    }
  })

  it('re-checks every redirect: an allowed host redirecting to a private address is refused', async () => {
    for (const path of ['/to-loopback', '/to-intranet', '/to-metadata']) {
      await expect(
        fetchText(`http://docs.example.com:${publicPort}${path}`, everything, { policy }),
        path,
      ).rejects.toThrow(/public internet address|not allowed/)
      await expect(
        fetchText(`http://docs.example.com:${publicPort}${path}`, ['docs.example.com'], { policy }),
        path,
      ).rejects.toThrow(/not allowed/)
    }
  })

  it('is text only', async () => {
    await expect(
      fetchText(`http://docs.example.com:${publicPort}/binary`, ['docs.example.com'], { policy }),
    ).rejects.toThrow(/not text/)
  })
})

describe('current_time', () => {
  it('gives the local time, offset and weekday in an IANA zone; unknown zones say what is accepted', () => {
    const now = new Date('2026-12-01T08:30:00Z')
    expect(timeIn('Asia/Tokyo', now)).toMatchObject({
      localTime: '2026-12-01T17:30:00',
      utcOffset: '+09:00',
      weekday: 'Tuesday',
    })
    expect(timeIn('UTC', now)).toMatchObject({ localTime: '2026-12-01T08:30:00', utcOffset: '+00:00' })
    expect(() => timeIn('Mars/Olympus', now)).toThrow(/IANA name/)
  })
})
