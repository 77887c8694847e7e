import type { TaskInputDraft } from '../../../services/runs/task-input'
import { ISO_DATE_LESSON, ISO_DATE_SCENARIOS, ISO_DATE_TASK_KEY } from './iso-dates'
import { MISLEADING_WALKING_LESSON, WALKING_CITY_SCENARIOS } from './walking-cities'

/** A bundled demo task and the script the offline demo model plays for it. */
export type DemoScenario = {
  id: string
  title: string
  /** The task as a member would submit it (prompt, evaluator, Reflexion settings). */
  task: TaskInputDraft & { title: string }
  /** The one-sentence lesson the reflector writes after a failed attempt. */
  lesson: string
  /** Which task prompts this scenario answers: the subject (`matches`) and what is asked about it (`asks`). */
  matches: RegExp
  asks: RegExp
  /** A lesson in the agent's prompt that changes its answer (the lesson was recalled). */
  appliesLesson: RegExp
  /** A lesson in the prompt that misleads the agent back to `answerWithout`, whatever else it recalled. */
  misleadBy?: RegExp
  /** The agent's answer without, and with, the lesson. */
  answerWithout: string
  answerWith: string
  /** A scenario played with a tool: the call the agent makes without and with the lesson, and its answer from the result. */
  tool?: {
    name: string
    inputWithout: Record<string, unknown>
    inputWith: Record<string, unknown>
    answer: (result: string) => string
  }
}

/** At most 3 stops (at most two arrows) and the word "walk" somewhere: one regex, the lookahead checks the walking. */
export const WALKING_TOUR_PATTERN = '^(?=[\\s\\S]*walk)[^→]*(→[^→]*){0,2}$'

/** The task key both walking-tour scenarios share: a lesson one of them writes is recalled first by the other. */
export const WALKING_TASK_KEY = 'walking-tour'

const WALKING_LESSON = 'When the user asks for a relaxed walking tour, plan at most 3 stops unless they ask for more.'

const bookSchema = {
  type: 'object',
  required: ['title', 'author', 'year'],
  properties: { title: { type: 'string' }, author: { type: 'string' }, year: { type: 'integer' } },
}

/** The demo tasks of the tutorial and the product tour, in the order the UI offers them. */
export const DEMO_SCENARIOS: DemoScenario[] = [
  {
    id: 'hangzhou-walk',
    title: 'A relaxed walking day in Hangzhou',
    task: {
      title: 'A relaxed walking day in Hangzhou',
      prompt: 'Plan a relaxed one-day walking tour of Hangzhou. List the stops in order, separated by →.',
      taskKey: WALKING_TASK_KEY,
      tags: ['travel', 'walking'],
      evaluator: { kind: 'regex', expected: WALKING_TOUR_PATTERN, caseSensitive: false },
      reflexion: { maxAttempts: 3, threshold: 0.8, lessonMode: 'selective' },
    },
    lesson: WALKING_LESSON,
    matches: /hangzhou|杭州/i,
    asks: /walk|stroll|tour|stops|route|itinerary|步行|散步|路线|行程|徒歩|散策|ルート|→/i,
    appliesLesson: /at most 3 stops/i,
    misleadBy: /as many famous sights as possible/i,
    answerWithout:
      'West Lake → Lingyin Temple → Longjing Tea Village → Hefang Street → Xixi Wetland, with taxis between the far stops.',
    answerWith:
      'West Lake Su Causeway → Broken Bridge (a 15-minute walk) → Hefang Street (a 20-minute walk): three stops, all on foot.',
  },
  {
    id: 'kyoto-walk',
    title: 'An easy walking day in Kyoto',
    task: {
      title: 'An easy walking day in Kyoto',
      prompt: 'Plan an easy walking day in Kyoto. List the stops in order, separated by →.',
      taskKey: WALKING_TASK_KEY,
      tags: ['travel', 'walking'],
      evaluator: { kind: 'regex', expected: WALKING_TOUR_PATTERN, caseSensitive: false },
      reflexion: { maxAttempts: 3, threshold: 0.8, lessonMode: 'selective' },
    },
    lesson: WALKING_LESSON,
    matches: /kyoto|京都/i,
    asks: /walk|stroll|tour|stops|route|itinerary|步行|散步|路线|行程|徒歩|散策|ルート|→/i,
    appliesLesson: /at most 3 stops/i,
    misleadBy: /as many famous sights as possible/i,
    answerWithout: 'Fushimi Inari → Kiyomizu-dera → Gion → Nishiki Market → Arashiyama Bamboo Grove, by train and bus.',
    answerWith:
      'Kiyomizu-dera → Sannenzaka and Ninenzaka (a 10-minute walk) → Gion (a 15-minute walk): three stops, all on foot.',
  },
  {
    id: 'book-json',
    title: 'A book as JSON',
    task: {
      title: 'A book as JSON',
      prompt:
        'Describe the novel "The Left Hand of Darkness" as a JSON object with its title, author and year of publication.',
      evaluator: { kind: 'json_schema', schema: bookSchema },
      reflexion: { maxAttempts: 3, threshold: 1, lessonMode: 'selective' },
    },
    lesson:
      'When asked for a JSON object, include every required field (title, author, year) and write the year as a number.',
    matches: /left hand of darkness/i,
    asks: /json|object|author|year|title/i,
    appliesLesson: /every required field/i,
    answerWithout: '{"title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin"}',
    answerWith: '{"title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin", "year": 1969}',
  },
  {
    id: 'largest-prime',
    title: 'An impossible question (always fails)',
    task: {
      title: 'An impossible question (always fails)',
      prompt: 'Name the largest prime number, as digits only.',
      evaluator: { kind: 'exact', expected: 'There is no largest prime number.' },
      reflexion: { maxAttempts: 2, threshold: 1, lessonMode: 'monotonic' },
    },
    lesson: 'When asked for the largest prime, explain that primes never end instead of naming a number.',
    matches: /largest prime/i,
    asks: /./,
    appliesLesson: /^\b$/,
    answerWithout: '2147483647',
    answerWith: '2147483647',
  },
]

/** Demo tasks played with a tool: they run once an admin enables the tool (templates offer them after the others). */
export const DEMO_TOOL_SCENARIOS: DemoScenario[] = [
  {
    id: 'compound-interest',
    title: 'Compound interest with the JavaScript tool',
    task: {
      title: 'Compound interest with the JavaScript tool',
      prompt:
        'What does a deposit of 1000 dollars grow to after 3 years at 5% interest compounded yearly? Compute it with the javascript tool and give the amount in dollars, rounded to cents.',
      taskKey: 'compound-interest',
      tags: ['finance', 'calculation'],
      evaluator: { kind: 'contains', expected: '1157.63', caseSensitive: false },
      reflexion: { maxAttempts: 3, threshold: 1, lessonMode: 'selective' },
      tools: ['javascript'],
    },
    lesson:
      'For compound interest, raise (1 + rate) to the number of years, as in 1000 * 1.05 ** 3, instead of multiplying by the years.',
    matches: /compounded yearly/i,
    asks: /compute|calculate|grow|amount|how much|interest/i,
    appliesLesson: /raise \(1 \+ rate\) to the number of years/i,
    answerWithout: 'The deposit grows to about $3150.00.',
    answerWith: 'The deposit grows to $1157.63.',
    tool: {
      name: 'javascript',
      inputWithout: { code: '1000 * 1.05 * 3' },
      inputWith: { code: '1000 * 1.05 ** 3' },
      answer: (result) => {
        const amount = Number.parseFloat(
          result
            .replace(/[^0-9.eE+-]+/g, ' ')
            .trim()
            .split(' ')[0] ?? '',
        )
        return Number.isFinite(amount)
          ? `The deposit grows to $${amount.toFixed(2)}.`
          : `The javascript tool did not give a number (${result.slice(0, 120)}), so I cannot state the amount.`
      },
    },
  },
]

/** Every demo task, tool tasks last: what the templates offer. */
export const ALL_DEMO_SCENARIOS: DemoScenario[] = [...DEMO_SCENARIOS, ...DEMO_TOOL_SCENARIOS]

/** The scenario a task prompt belongs to, if any (the bundled tasks, then the datasets' walking tours and dates). */
export function scenarioFor(text: string): DemoScenario | undefined {
  // Both the subject and the request: a haiku about Hangzhou is not the Hangzhou walking tour.
  const fits = (scenario: DemoScenario) => scenario.matches.test(text) && scenario.asks.test(text)
  return ALL_DEMO_SCENARIOS.find(fits) ?? WALKING_CITY_SCENARIOS.find(fits) ?? ISO_DATE_SCENARIOS.find(fits)
}

export { ISO_DATE_LESSON, ISO_DATE_SCENARIOS, ISO_DATE_TASK_KEY, MISLEADING_WALKING_LESSON, WALKING_CITY_SCENARIOS }
