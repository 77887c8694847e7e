import type { DemoScenario } from './scenarios'

/** The task key of the date scenarios: the demo experiment's dataset and its lesson share it. */
export const ISO_DATE_TASK_KEY = 'iso-date'

/** A date written as YYYY-MM-DD and nothing else: the evaluator of every date scenario. */
export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'

/**
 * The lesson that makes the demo agent answer a date question with the bare ISO date. One sentence
 * (a reflection keeps only its first), worded so the sentence encoder keeps every bundled task below
 * the recall floor (0.23 at most, measured): the tutorial's tasks never recall it.
 */
export const ISO_DATE_LESSON = 'The date an event happened is written YYYY-MM-DD, with no sentence.'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * A date question about `event`. Without the lesson the agent answers in a sentence ("… on July 20,
 * 1969"), which the evaluator refuses, unless `alreadyIso` (it knows that format for this event);
 * with the lesson it answers with the bare ISO date.
 */
function dateQuestion(id: string, event: string, iso: string, alreadyIso = false): DemoScenario {
  const [year, month, day] = iso.split('-').map(Number)
  const spelled = `${MONTHS[month - 1]} ${day}, ${year}`
  const title = `The date of ${event}`
  return {
    id: `date-${id}`,
    title,
    task: {
      title,
      prompt: `On what date did ${event} happen? Reply with the date only.`,
      taskKey: ISO_DATE_TASK_KEY,
      tags: ['history', 'dates'],
      evaluator: { kind: 'regex', expected: ISO_DATE_PATTERN, caseSensitive: false },
      reflexion: { maxAttempts: 2, threshold: 1, lessonMode: 'selective' },
    },
    lesson: ISO_DATE_LESSON,
    matches: new RegExp(`did ${event.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} happen`, 'i'),
    asks: /date/i,
    appliesLesson: /YYYY-MM-DD, with no sentence/i,
    answerWithout: alreadyIso ? iso : `${event[0].toUpperCase()}${event.slice(1)} happened on ${spelled}.`,
    answerWith: iso,
  }
}

/**
 * Date questions the demo experiment replays: on six the lesson turns a refused sentence into a passing
 * ISO date; on two the agent writes the ISO date anyway, so the lesson changes nothing there.
 */
export const ISO_DATE_SCENARIOS: DemoScenario[] = [
  dateQuestion('moon-landing', 'the first crewed Moon landing', '1969-07-20'),
  dateQuestion('berlin-wall', 'the fall of the Berlin Wall', '1989-11-09'),
  dateQuestion('magna-carta', 'the sealing of Magna Carta', '1215-06-15'),
  dateQuestion('www', 'the first web page going online', '1991-08-06'),
  dateQuestion('sputnik', 'the launch of Sputnik 1', '1957-10-04'),
  dateQuestion('suez', 'the opening of the Suez Canal', '1869-11-17'),
  dateQuestion('euro', 'the introduction of euro banknotes', '2002-01-01', true),
  dateQuestion('unix-epoch', 'the start of the Unix epoch', '1970-01-01', true),
]
