import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundRefusedError, OutboundRequestError } from './errors'
import { createGuardedFetch, guardedFetch } from './guarded-fetch'
import type { HostResolver } from './policy'

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void

interface Peer {
  url: string
  port: number
  hits: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[]
  close(): Promise<void>
}

async function startPeer(handler: Handler): Promise<Peer> {
  const hits: Peer['hits'] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      hits.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body })
      handler(request, response, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let peer: Peer
let privatePeer: Peer

beforeAll(async () => {
  privatePeer = await startPeer((_request, response) => response.end('secret internal answer'))
  peer = await startPeer((request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://peer')
    const hops = Number(url.searchParams.get('hops') ?? 0)
    if (url.pathname === '/hello') return response.end(`hello ${request.method} ${body}`)
    if (url.pathname === '/chain') {
      response.writeHead(302, { location: hops > 0 ? `/chain?hops=${hops - 1}` : '/hello' })
      return response.end()
    }
    if (url.pathname === '/to-private') {
      response.writeHead(302, { location: privatePeer.url + '/steal' })
      return response.end()
    }
    if (url.pathname === '/to-metadata') {
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' })
      return response.end()
    }
    if (url.pathname === '/see-other') {
      response.writeHead(303, { location: '/hello' })
      return response.end()
    }
    if (url.pathname === '/to-other-origin') {
      response.writeHead(307, { location: `http://other.test:${peer.port}/hello` })
      return response.end()
    }
    if (url.pathname === '/big-declared') {
      response.writeHead(200, { 'content-length': String(2 * 1024 * 1024) })
      return response.end(Buffer.alloc(2 * 1024 * 1024, 97))
    }
    if (url.pathname === '/big-chunked') {
      response.writeHead(200, { 'content-type': 'text/plain' })
      let sent = 0
      const send = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += 64 * 1024
          if (!response.write(Buffer.alloc(64 * 1024, 98))) return response.once('drain', send)
        }
        response.end()
      }
      return send()
    }
    if (url.pathname === '/gzip-bomb') {
      response.writeHead(200, { 'content-encoding': 'gzip' })
      return response.end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 0)))
    }
    if (url.pathname === '/gzip') {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' })
      return response.end(gzipSync(JSON.stringify({ ok: true })))
    }
    if (url.pathname === '/never') return // no answer at all
    if (url.pathname === '/stall-body') {
      response.writeHead(200)
      return response.write('partial')
    }
    response.writeHead(404)
    response.end()
  })
})

afterAll(async () => {
  await peer.close()
  await privatePeer.close()
})

const allowPeer = (port = peer.port) => ({ policy: { allow: [`127.0.0.1:${port}`] } })

describe('guardedFetch', () => {
  it('refuses loopback without an allowance and never connects', async () => {
    const before = peer.hits.length
    const error = await guardedFetch(`${peer.url}/hello`).catch((caught) => caught)
    expect(error).toBeInstanceOf(OutboundRefusedError)
    expect(error.reason).toBe('address')
    expect(peer.hits.length).toBe(before)
  })

  it('talks to an allowed peer like fetch: method, body, status, headers, url', async () => {
    const response = await guardedFetch(
      `${peer.url}/hello`,
      { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } },
      allowPeer(),
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('hello POST payload')
    expect(response.url).toBe(`${peer.url}/hello`)
    expect(response.redirected).toBe(false)
  })

  it('follows up to five redirects and refuses the sixth', async () => {
    const five = await guardedFetch(`${peer.url}/chain?hops=4`, undefined, allowPeer())
    expect(await five.text()).toBe('hello GET ')
    expect(five.redirected).toBe(true)
    const six = await guardedFetch(`${peer.url}/chain?hops=5`, undefined, allowPeer()).catch((caught) => caught)
    expect(six).toBeInstanceOf(OutboundRefusedError)
    expect(six.reason).toBe('redirects')
  })

  it('re-checks every redirect: an allowed host cannot bounce the request to a private address', async () => {
    const error = await guardedFetch(`${peer.url}/to-private`, undefined, allowPeer()).catch((caught) => caught)
    expect(error).toBeInstanceOf(OutboundRefusedError)
    expect(privatePeer.hits).toHaveLength(0)
    const metadata = await guardedFetch(`${peer.url}/to-metadata`, undefined, allowPeer()).catch((caught) => caught)
    expect(metadata).toBeInstanceOf(OutboundRefusedError)
  })

  it('turns a POST into a GET on 303 and drops credentials when a redirect changes origin', async () => {
    const seeOther = await guardedFetch(`${peer.url}/see-other`, { method: 'POST', body: 'x' }, allowPeer())
    expect(await seeOther.text()).toBe('hello GET ')
    const lookup: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }]
    const before = peer.hits.length
    const moved = await guardedFetch(
      `${peer.url}/to-other-origin`,
      {
        method: 'POST',
        body: 'kept',
        headers: { authorization: 'Bearer sk-secret', 'x-api-key': 'k', accept: 'text/plain' },
      },
      { policy: { allow: [`127.0.0.1:${peer.port}`, 'other.test'], lookup } },
    )
    expect(await moved.text()).toBe('hello POST kept')
    const [first, second] = peer.hits.slice(before)
    expect(first.headers.authorization).toBe('Bearer sk-secret')
    expect(second.headers.authorization).toBeUndefined()
    expect(second.headers['x-api-key']).toBeUndefined()
    expect(second.headers.accept).toBe('text/plain')
  })

  it('connects to the address it checked without asking DNS again (no rebinding window)', async () => {
    let lookups = 0
    const rebinding: HostResolver = async () => {
      lookups++
      return [{ address: lookups === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }]
    }
    const response = await guardedFetch(`http://rebind.test:${peer.port}/hello`, undefined, {
      policy: { allow: [`127.0.0.1:${peer.port}`], lookup: rebinding },
    })
    expect(await response.text()).toBe('hello GET ')
    expect(lookups).toBe(1)
  })

  it('refuses a body over the size bound, declared or streamed, and a compressed bomb', async () => {
    const declared = await guardedFetch(`${peer.url}/big-declared`, undefined, allowPeer()).catch((caught) => caught)
    expect(declared).toBeInstanceOf(OutboundRequestError)
    expect(declared.reason).toBe('too-large')
    const chunked = await guardedFetch(`${peer.url}/big-chunked`, undefined, allowPeer())
    await expect(chunked.arrayBuffer()).rejects.toMatchObject({ reason: 'too-large' })
    const bomb = await guardedFetch(`${peer.url}/gzip-bomb`, undefined, allowPeer())
    await expect(bomb.arrayBuffer()).rejects.toMatchObject({ reason: 'too-large' })
    const small = await guardedFetch(`${peer.url}/big-chunked`, undefined, { ...allowPeer(), maxResponseBytes: 4e6 })
    expect((await small.arrayBuffer()).byteLength).toBe(3 * 1024 * 1024)
  })

  it('decodes gzip like fetch does', async () => {
    const response = await guardedFetch(`${peer.url}/gzip`, undefined, allowPeer())
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('content-encoding')).toBeNull()
  })

  it('bounds the time to the headers and to the end of the body', async () => {
    const started = Date.now()
    const silent = await guardedFetch(`${peer.url}/never`, undefined, { ...allowPeer(), timeoutMs: 300 }).catch(
      (caught) => caught,
    )
    expect(silent).toBeInstanceOf(OutboundRequestError)
    expect(silent.reason).toBe('timeout')
    const stalled = await guardedFetch(`${peer.url}/stall-body`, undefined, { ...allowPeer(), timeoutMs: 300 })
    await expect(stalled.text()).rejects.toMatchObject({ reason: 'timeout' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it("honours the caller's abort signal", async () => {
    const controller = new AbortController()
    const pending = guardedFetch(`${peer.url}/never`, { signal: controller.signal }, allowPeer())
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('reports connection failures with one message that does not tell what answered', async () => {
    const closed = await startPeer(() => undefined)
    await closed.close()
    const error = await guardedFetch(`${closed.url}/`, undefined, allowPeer(closed.port)).catch((caught) => caught)
    expect(error).toBeInstanceOf(OutboundRequestError)
    expect(error.message).toBe('Could not reach the server.')
    expect(error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/)
  })

  it('createGuardedFetch gives a fetch with fixed options', async () => {
    const fetchLike = createGuardedFetch(allowPeer())
    expect(await (await fetchLike(`${peer.url}/hello`)).text()).toBe('hello GET ')
    await expect(createGuardedFetch()(`${peer.url}/hello`)).rejects.toBeInstanceOf(OutboundRefusedError)
  })
})
