/**
 * Type arguments: a full type (`reflexion.evaluated`), a name within a namespace (`evaluated`),
 * a namespace (`reflexion`) or a kind (`DomainEvent`; `Event` matches everything). Unknown
 * arguments get "did you mean" suggestions by edit distance and prefix.
 */
import { EVENT_KINDS, EVENT_TYPE_NAMES } from '../events'
import { QueryInputError } from './errors'
import type { LogIndex } from './log-index'

/** What a type argument matched: a label for output and the ascending positions of its events. */
export type TypeSelection = { label: string; positions: number[] }

/** Resolves type arguments against one log; results are cached per argument. */
export type TypeSelector = { select(argument: string): TypeSelection; knownTypes: string[] }

const nameOf = (type: string): string => type.slice(type.indexOf('.') + 1)
const snakeCase = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase()

/** Levenshtein distance between two strings. */
export function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, column) => column)
  for (let row = 1; row <= left.length; row++) {
    const current = [row]
    for (let column = 1; column <= right.length; column++) {
      const substitution = previous[column - 1] + (left[row - 1] === right[column - 1] ? 0 : 1)
      current[column] = Math.min(previous[column] + 1, current[column - 1] + 1, substitution)
    }
    previous = current
  }
  return previous[right.length]
}

function mergeSorted(lists: number[][]): number[] {
  if (lists.length === 1) return lists[0]
  return lists.flat().sort((left, right) => left - right)
}

/** Builds the selector for one log: its types are the vocabulary plus any extra type present. */
export function createTypeSelector(index: LogIndex): TypeSelector {
  const knownTypes = [
    ...EVENT_TYPE_NAMES,
    ...index.typesPresent.filter((type) => !EVENT_TYPE_NAMES.includes(type as never)),
  ]
  const namespaces = [...new Set(knownTypes.map((type) => type.split('.')[0]))]
  const typesByName = new Map<string, string[]>()
  for (const type of knownTypes) typesByName.set(nameOf(type), [...(typesByName.get(nameOf(type)) ?? []), type])
  const cache = new Map<string, TypeSelection>()
  const positionsOf = (type: string): number[] => index.byType.get(type) ?? []

  const exact = (argument: string): TypeSelection | null => {
    if (argument === 'Event') return { label: 'Event (all kinds)', positions: index.all }
    if ((EVENT_KINDS as readonly string[]).includes(argument))
      return { label: `kind ${argument}`, positions: index.byKind.get(argument) ?? [] }
    if (knownTypes.includes(argument)) return { label: argument, positions: positionsOf(argument) }
    if (namespaces.includes(argument))
      return { label: `namespace ${argument}`, positions: index.byNamespace.get(argument) ?? [] }
    const types = typesByName.get(argument)
    if (types)
      return {
        label: types.length === 1 ? types[0] : `name ${argument} (${types.join(', ')})`,
        positions: mergeSorted(types.map(positionsOf)),
      }
    return null
  }

  const suggestions = (argument: string): string[] => {
    const candidates = [...knownTypes, ...namespaces, ...EVENT_KINDS, 'Event']
    const lowered = argument.toLowerCase()
    const scored = candidates.map((candidate) => {
      const distance = Math.min(
        editDistance(lowered, candidate.toLowerCase()),
        editDistance(lowered, nameOf(candidate).toLowerCase()),
      )
      const prefix =
        lowered.length >= 3 && (candidate.toLowerCase().startsWith(lowered) || nameOf(candidate).startsWith(lowered))
      return { candidate, distance: prefix ? Math.min(distance, 1) : distance }
    })
    const tolerance = Math.max(2, Math.floor(argument.length / 4))
    return scored
      .filter((entry) => entry.distance <= tolerance)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 3)
      .map((entry) => entry.candidate)
  }

  return {
    knownTypes,
    select(argument) {
      const cached = cache.get(argument)
      if (cached) return cached
      const selection = exact(argument) ?? exact(snakeCase(argument)) ?? exact(argument.toLowerCase())
      if (!selection) {
        const near = suggestions(argument)
        const hint =
          near.length > 0
            ? `did you mean: ${near.join(', ')}?`
            : `accepted: a full type (reflexion.evaluated), a name (evaluated), a namespace (${namespaces.join(', ')}) or a kind (${[...EVENT_KINDS, 'Event'].join(', ')}); op='schema' and the tool description list every type`
        throw new QueryInputError(`unknown type '${argument}' — ${hint}`)
      }
      cache.set(argument, selection)
      return selection
    },
  }
}
