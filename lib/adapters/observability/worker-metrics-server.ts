import http from 'node:http'
import { hasMetricsToken, metricsText } from './metrics-response'

/**
 * Serves this worker process's own metrics (event appends, recall, model calls, runs finished) at
 * `GET /metrics` on `port`, with the same bearer token as the app's /api/metrics. Without a token
 * configured it answers 404, like the app. Deployment-wide gauges come from the app servers.
 */
export async function serveWorkerMetrics(port: number, token: string | undefined): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics' || !token) return void response.writeHead(404).end()
    if (!hasMetricsToken(request.headers.authorization ?? null, token))
      return void response.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end()
    metricsText(null).then(
      ({ body, contentType }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      () => response.writeHead(500).end(),
    )
  })
  server.requestTimeout = 10_000
  await new Promise<void>((resolve) => server.listen(port, resolve))
  return server
}
