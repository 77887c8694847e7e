import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { DEMO_SCENARIOS, scenarioFor } from './scenarios'

/** What the demo model decides to do for one call: answer with text, or call a tool. */
export type DemoReply =
  { kind: 'text'; text: string } | { kind: 'tool-call'; toolName: string; input: Record<string, unknown> }

/** The role a prompt is written for, recognised from the engine's prompts. */
export type DemoRole = 'evaluator' | 'reflector' | 'supervisor' | 'agent'

type Prompt = LanguageModelV4CallOptions['prompt']

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part) =>
      part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : '',
    )
    .join('\n')
}

/**
 * The system text, the first user text (the task), the other user texts (where the engine puts
 * recalled lessons as data) and the tool results, from a call's prompt.
 */
export function readPrompt(prompt: Prompt): { system: string; task: string; context: string; toolResults: string[] } {
  const system = prompt
    .filter((message) => message.role === 'system')
    .map((message) => textOf(message.content))
    .join('\n')
  const users = prompt.filter((message) => message.role === 'user')
  const firstUser = users[0]
  const context = [system, ...users.slice(1).map((message) => textOf(message.content))].join('\n')
  const toolResults = prompt
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content)
    .map((part) => {
      const output = 'output' in part ? (part.output as { value?: unknown }) : undefined
      return typeof output?.value === 'string' ? output.value : JSON.stringify(output?.value ?? '')
    })
  return { system, task: textOf(firstUser?.content), context, toolResults }
}

/** Recognises the role from the engine's prompts; anything else is the agent. */
export function roleOf(system: string, task: string, toolNames: string[]): DemoRole {
  if (/evaluator/i.test(system) && /score/i.test(system)) return 'evaluator'
  if (/lesson/i.test(system) && /Evaluator feedback/.test(task)) return 'reflector'
  if (toolNames.some((name) => name.startsWith('delegate_to_'))) return 'supervisor'
  return 'agent'
}

function section(text: string, name: string): string {
  const tagged = new RegExp(
    `<untrusted_${name.toLowerCase()}[^>]*>\\n?([\\s\\S]*?)\\n?</untrusted_${name.toLowerCase()}>`,
  ).exec(text)
  if (tagged) return tagged[1].trim()
  const match = new RegExp(`${name}:\\n([\\s\\S]*?)(?:\\n\\n[A-Z][a-z ]+(?:\\([^)]*\\))?:\\n|$)`).exec(text)
  return match ? match[1].trim() : ''
}

/** The first words of every answer the demo model gives outside its bundled tasks. */
export const DEMO_REFUSAL = 'This is the offline demo model'

function agentAnswer(context: string, task: string): string {
  const scenario = scenarioFor(task)
  if (scenario) {
    if (scenario.misleadBy?.test(context)) return scenario.answerWithout
    return scenario.appliesLesson.test(context) ? scenario.answerWith : scenario.answerWithout
  }
  const titles = DEMO_SCENARIOS.map((candidate) => `“${candidate.title}”`).join(', ')
  return `${DEMO_REFUSAL}: it answers only its bundled demo tasks (${titles}), so it cannot do this task. To run real tasks, an admin adds a model provider key under Settings, then choose that model on the task form.`
}

function evaluatorReply(task: string): string {
  const output = section(task, 'Output')
  const scenario = scenarioFor(section(task, 'Task') || task)
  if (output.includes(DEMO_REFUSAL))
    return 'score: 0\nThe offline demo model did not answer this task (it only knows its bundled tasks).'
  // Outside its bundled tasks the demo judge cannot tell a right answer from a wrong one: it never passes one.
  if (!scenario)
    return 'score: 0.2\nThe offline demo judge can only check its bundled tasks; this answer is not checked.'
  if (output.length === 0) return 'score: 0\nThe output is empty.'
  if (scenario.answerWith.includes('→')) {
    if (!/→/.test(output)) return 'score: 0.2\nThe output is not a walking route of stops separated by →.'
    const stops = output.split('→').length
    return stops <= 3
      ? `score: 0.9\nA relaxed plan: ${stops} stops within walking distance.`
      : `score: 0.3\nToo many stops (${stops}) for a relaxed walking day.`
  }
  if (output.includes(scenario.answerWith)) return 'score: 0.9\nThe output answers the task completely.'
  if (output.includes(scenario.answerWithout)) return 'score: 0.4\nThe output misses part of what the task asks.'
  return 'score: 0.2\nThe output does not answer this task.'
}

function reflectorReply(task: string): string {
  const scenario = scenarioFor(section(task, 'Task') || task)
  const lesson = scenario?.lesson ?? 'Check the output against every requirement of the task before answering.'
  return JSON.stringify({ lesson })
}

/** The text inside a tool result's data section (the engine wraps results as untrusted data). */
function toolResultText(result: string): string {
  const inside = /<untrusted_tool_result[^>]*>\n?([\s\S]*?)\n?<\/untrusted_tool_result>/.exec(result)
  return (inside ? inside[1] : result).trim()
}

/** Tool names the task mentions, in the order it mentions them. */
function namedTools(task: string, toolNames: string[]): string[] {
  return toolNames
    .filter((name) => new RegExp(`(^|[^A-Za-z0-9_-])${name.replace(/[-]/g, '\\-')}($|[^A-Za-z0-9_-])`).test(task))
    .sort((left, right) => task.indexOf(left) - task.indexOf(right))
}

/** An input for a tool from its JSON Schema: each required string gets the task's quoted text (or the task). */
function inputFor(schema: unknown, task: string): Record<string, unknown> {
  const { properties = {}, required = [] } = (schema ?? {}) as {
    properties?: Record<string, { type?: string }>
    required?: string[]
  }
  const quoted = /["“']([^"”']{1,200})["”']/.exec(task)?.[1] ?? task.slice(0, 200)
  return Object.fromEntries(
    required.map((name) => {
      const type = properties[name]?.type
      return [name, type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : quoted]
    }),
  )
}

/**
 * The agent with tools: a tool scenario calls its tool (the lesson changes the input), a task that names
 * offered tools calls each once in order, then answers from what the tools returned.
 */
function agentWithTools(
  options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools'>,
  task: string,
  context: string,
  toolResults: string[],
): DemoReply | undefined {
  const tools = (options.tools ?? []).filter((tool) => tool.type === 'function')
  const scenario = scenarioFor(task)
  const scripted = scenario?.tool
  if (scripted && tools.some((tool) => tool.name === scripted.name)) {
    if (toolResults.length === 0) {
      const input = scenario.appliesLesson.test(context) ? scripted.inputWith : scripted.inputWithout
      return { kind: 'tool-call', toolName: scripted.name, input }
    }
    return { kind: 'text', text: scripted.answer(toolResultText(toolResults.at(-1)!)) }
  }
  const named = namedTools(
    task,
    tools.map((tool) => tool.name),
  )
  if (named.length === 0) return undefined
  if (toolResults.length < named.length) {
    const next = tools.find((tool) => tool.name === named[toolResults.length])!
    return { kind: 'tool-call', toolName: next.name, input: inputFor(next.inputSchema, task) }
  }
  const lines = named.map((name, position) => {
    const result = toolResults[position] ?? ''
    const failed = /status="error"/.test(result)
    // A failed call's text starts with "error:"; "failed: error: …" would say it twice.
    const text = toolResultText(result).replace(failed ? /^error:\s*/i : /^$/, '')
    return `${name} ${failed ? 'failed' : 'returned'}: ${text.slice(0, 300)}`
  })
  return { kind: 'text', text: `I called the tools the task names.\n${lines.join('\n')}` }
}

/** The deterministic reply of the demo model to one call. Never throws on an unknown prompt. */
export function demoReply(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools'>): DemoReply {
  const { system, task, context, toolResults } = readPrompt(options.prompt)
  const toolNames = (options.tools ?? []).map((tool) => tool.name)
  const role = roleOf(system, task, toolNames)
  if (role === 'evaluator') return { kind: 'text', text: evaluatorReply(task) }
  if (role === 'reflector') return { kind: 'text', text: reflectorReply(task) }
  if (role === 'supervisor' && toolResults.length === 0) {
    return { kind: 'tool-call', toolName: toolNames.find((name) => name.startsWith('delegate_to_'))!, input: { task } }
  }
  return agentWithTools(options, task, context, toolResults) ?? { kind: 'text', text: agentAnswer(context, task) }
}
