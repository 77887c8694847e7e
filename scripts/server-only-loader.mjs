// A Node module hook for processes run outside Next's bundler (the custom server, the worker,
// scripts): `server-only` resolves to its empty module, as it does in Next's server bundles.
// Registered by scripts/register-server-only.mjs.
const emptyModule = new URL('../node_modules/server-only/empty.js', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') return { url: emptyModule, shortCircuit: true, format: 'commonjs' }
  return nextResolve(specifier, context)
}
