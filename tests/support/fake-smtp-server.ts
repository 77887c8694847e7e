// A minimal SMTP server for tests (plain text, no TLS, no authentication): it accepts every mail and
// keeps what it received, so delivery can be checked without a real mail server.
import net from 'node:net'

/** One mail as the server received it. */
export type ReceivedMail = { from: string; to: string[]; data: string }

/** A running fake server: its smtp:// URL, the mails so far, and how to stop it. */
export type FakeSmtpServer = { url: string; received: ReceivedMail[]; close(): Promise<void> }

/** Starts the server on a free loopback port; `refuse` makes it answer every mail with a 550. */
export async function startFakeSmtpServer(options: { refuse?: boolean } = {}): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    let inData = false
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            if (options.refuse) reply('550 mailbox unavailable')
            else {
              received.push(mail)
              reply('250 queued')
            }
            mail = { from: '', to: [], data: '' }
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') reply('250 fake-smtp')
        else if (command === 'MAIL') {
          mail.from = line.replace(/^MAIL FROM:\s*/i, '')
          reply('250 ok')
        } else if (command === 'RCPT') {
          mail.to.push(line.replace(/^RCPT TO:\s*/i, ''))
          reply('250 ok')
        } else if (command === 'DATA') {
          inData = true
          reply('354 end with .')
        } else if (command === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else if (command === 'RSET' || command === 'NOOP') reply('250 ok')
        else reply('502 not implemented')
      }
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.unref()
      }),
  }
}
