'use server'

import { action } from '@/lib/boundary/actions/action'
import {
  addMcpServerForm,
  checkMcpServerForm,
  checkOperatorServerForm,
  httpFetchHostsForm,
  removeMcpServerForm,
  setToolEnabledForm,
} from '@/lib/services/tools/tool-forms'

const revalidate = ['/settings/tools', '/tasks/new']

/** Registers an MCP server (headers encrypted) and lists its tools; audited. */
export const addMcpServerAction = action(addMcpServerForm, { revalidate })

/** Checks a server's connection and refreshes its tools; audited. */
export const checkMcpServerAction = action(checkMcpServerForm, { revalidate })

/** Removes a server and its tools; audited. */
export const removeMcpServerAction = action(removeMcpServerForm, { revalidate })

/** Lists the tools of an operator's stdio server; audited. */
export const checkOperatorServerAction = action(checkOperatorServerForm, { revalidate })

/** Enables or disables a tool; audited. */
export const setToolEnabledAction = action(setToolEnabledForm, { revalidate })

/** Sets the hosts http_fetch may GET; audited. */
export const httpFetchHostsAction = action(httpFetchHostsForm, { revalidate })
