// Hostile values for every field of every form: wrong types, empty and huge text, unicode edge
// cases PostgreSQL or the browser may choke on, and markup that must stay inert.

/** One megabyte of text. */
export const ONE_MEGABYTE = 'a'.repeat(1024 * 1024)

/** Markup that runs script if it is ever rendered as HTML. */
export const SCRIPT_PAYLOAD = '<img src=x onerror="alert(1)"><script>alert(2)</script><svg onload=alert(3)>'

/** Text values: each must be refused with a clear message or stored and shown safely. */
export const HOSTILE_TEXT: Record<string, string> = {
  empty: '',
  blank: '   \t\n ',
  'one megabyte': ONE_MEGABYTE,
  'NUL byte alone': '\u0000',
  'NUL byte inside text': 'Check the\u0000 date format before answering.',
  'lone high surrogate': 'Check \uD800 the date format first.',
  'lone low surrogate': 'Check \uDC00 the date format first.',
  'RTL override': 'Check the \u202Etamrof etad\u202C before answering.',
  'zero-width characters': 'Check\u200B the\u200D date\uFEFF format\u2060 first.',
  '4-byte emoji': 'Check the 📅🧪👩‍👩‍👧 date format first.',
  'combining marks': 'Che\u0301\u0302\u0303\u0304\u0305ck the date format first.',
  'HTML and script': `Check the date ${SCRIPT_PAYLOAD} format first.`,
  'SQL and template syntax': "Check '); DROP TABLE lessons; -- {{7*7}} ${7*7} the date format.",
}

/** Values of the wrong type (as a JSON caller or a tampered form could send them). */
export const HOSTILE_TYPES: Record<string, unknown> = {
  number: 12345,
  'non-finite number': Number.NaN,
  boolean: true,
  null: null,
  array: ['first', 'second'],
  object: { nested: 'value' },
  'object with toString': { toString: () => 'tricked' },
}

/** Every hostile value, text and types, by name. */
export const HOSTILE_VALUES: Record<string, unknown> = { ...HOSTILE_TEXT, ...HOSTILE_TYPES }

/** The message an action returns for an unexpected (server-side) failure: a hostile value must never cause it. */
export const UNEXPECTED_ERROR = 'Something went wrong on our side. Please try again.'
