import type { DemoScenario } from './scenarios'

/** The tour pattern, key and lesson the walking scenarios share (repeated here to keep this file a leaf). */
const WALKING_TOUR_PATTERN = '^(?=[\\s\\S]*walk)[^→]*(→[^→]*){0,2}$'
const WALKING_LESSON = 'When the user asks for a relaxed walking tour, plan at most 3 stops unless they ask for more.'

/**
 * A lesson that misleads the demo agent on walking tours (it then plans the long day again): the demo
 * experiment and the tests use it to show a lesson that hurts.
 */
export const MISLEADING_WALKING_LESSON = 'On a walking tour, show the visitor as many famous sights as possible.'

const misleadBy = /as many famous sights as possible/i

function city(name: string, long: string[], short: [string, string, string]): DemoScenario {
  const prompt = `Plan a relaxed one-day walking tour of ${name}. List the stops in order, separated by →.`
  return {
    id: `walk-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    title: `A relaxed walking day in ${name}`,
    task: {
      title: `A relaxed walking day in ${name}`,
      prompt,
      taskKey: 'walking-tour',
      tags: ['travel', 'walking'],
      evaluator: { kind: 'regex', expected: WALKING_TOUR_PATTERN, caseSensitive: false },
      reflexion: { maxAttempts: 3, threshold: 0.8, lessonMode: 'selective' },
    },
    lesson: WALKING_LESSON,
    matches: new RegExp(`walking (tour|day) (of|in) ${name}`, 'i'),
    asks: /walk|stroll|tour|stops|route|itinerary/i,
    appliesLesson: /at most 3 stops/i,
    misleadBy,
    answerWithout: `${long.join(' → ')}, by metro and taxi.`,
    answerWith: `${short[0]} → ${short[1]} (a 10-minute walk) → ${short[2]} (a 15-minute walk): three stops, all on foot.`,
  }
}

/**
 * Walking tours of more cities, answered like the Hangzhou and Kyoto scenarios (five stops without the
 * lesson, three on foot with it). They are not offered as templates: the demo dataset replays them.
 */
export const WALKING_CITY_SCENARIOS: DemoScenario[] = [
  city(
    'Lisbon',
    ['Belém Tower', 'Jerónimos Monastery', 'Alfama', 'São Jorge Castle', 'LX Factory'],
    ['Praça do Comércio', 'Alfama', 'São Jorge Castle'],
  ),
  city(
    'Prague',
    ['Prague Castle', 'Charles Bridge', 'Old Town Square', 'Vyšehrad', 'Petřín Tower'],
    ['Old Town Square', 'Charles Bridge', 'Malá Strana'],
  ),
  city(
    'Edinburgh',
    ["Arthur's Seat", 'Edinburgh Castle', 'Royal Mile', 'Leith', 'Royal Botanic Garden'],
    ['Edinburgh Castle', 'Royal Mile', 'Holyrood Palace'],
  ),
  city(
    'Istanbul',
    ['Hagia Sophia', 'Topkapı Palace', 'Grand Bazaar', 'Galata Tower', 'Dolmabahçe Palace'],
    ['Hagia Sophia', 'Blue Mosque', 'Basilica Cistern'],
  ),
  city(
    'Mexico City',
    ['Zócalo', 'Chapultepec Castle', 'Frida Kahlo Museum', 'Teotihuacan', 'Xochimilco'],
    ['Zócalo', 'Palacio de Bellas Artes', 'Alameda Central'],
  ),
  city(
    'Krakow',
    ['Wawel Castle', 'Main Market Square', 'Kazimierz', 'Wieliczka Salt Mine', 'Schindler Factory'],
    ['Main Market Square', 'St. Mary’s Basilica', 'Wawel Castle'],
  ),
]
