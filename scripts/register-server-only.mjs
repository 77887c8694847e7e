// `node --import ./scripts/register-server-only.mjs`: lets plain Node load modules that import 'server-only'.
import { register } from 'node:module'

register('./server-only-loader.mjs', import.meta.url)
