import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../../../lib/adapters/embedders/language-detection'
import {
  LEXICONS_VERSION,
  LexiconShelf,
  foldLetters,
  glossLexicons,
  glossWord,
  parseLexicon,
  scanFunctionWords,
} from '../../../lib/adapters/embedders/lexicon'
import { glossSegmented, glossSpaced, type HanDictionary } from '../../../lib/adapters/embedders/lexicon-gloss'

/** Small lexicons in the files' format, so the mechanism is tested apart from the shipped vocabulary. */
const french = parseLexicon(
  'fr',
  [
    'le\t-\tf',
    'la\t-\tf',
    'de\tof\tf',
    'en\tin\tf',
    'pour\tfor\tf',
    'combien\thow much\tf',
    'unité\tunit',
    'température\ttemperature',
    'convertir\tconvert',
    'balade\twalk stroll',
    'grand-mère\tgrandmother',
    'tranquille\tquiet relaxed',
    'parisien\tparisian',
    'mot\tword',
    'passe\tpass',
    'mot de passe\tpassword',
  ].join('\n'),
)
const spanish = parseLexicon(
  'es',
  ['el\t-\tf', 'la\t-\tf', 'de\tof\tf', 'en\tin\tf', 'para\tfor\tf', 'medicamento\tmedication', 'dosis\tdose'].join(
    '\n',
  ),
)
const lexicons = new Map([
  ['fr', french],
  ['es', spanish],
])

describe('the lexicon gloss (a word-by-word English gloss of other languages)', () => {
  it('finds a word by its form, its form without accents, then its Snowball stem', () => {
    expect(glossWord('Température', french)).toBe('temperature')
    expect(glossWord('temperature', french)).toBe('temperature')
    expect(glossWord('températures', french)).toBe('temperature')
    expect(glossWord('convertissez', french)).toBe('convert')
    expect(glossWord('medicamentos', spanish)).toBe('medication')
    expect(glossWord('crontab', french)).toBeNull()
  })

  it('replaces known words by their gloss, drops pure grammar and keeps unknown words in place', () => {
    expect(glossSpaced("Combien de températures en Fahrenheit pour l'unité ?", french)).toBe(
      'how much of temperature in Fahrenheit for unit',
    )
    // A capitalised word inside the sentence is a name, not an inflection ("Parisiens" the café, not
    // "parisiens" the people), and a word in capitals an acronym; the first word may be either.
    expect(glossSpaced('Balade vers Parisiens et PARISIENS', french)).toBe('walk stroll vers Parisiens et PARISIENS')
    expect(glossSpaced('Parisiens en balade', french)).toBe('parisian in walk stroll')
    // Typographic apostrophes are plain ones.
    expect(glossSpaced('Convertir l’unité', french)).toBe('convert unit')
    // A fixed expression of several words is one entry, found before its words.
    expect(glossSpaced('Le MOT DE PASSE de la balade', french)).toBe('password of walk stroll')
    expect(glossSpaced('Une balade tranquille pour ma grand-mère', french)).toBe(
      'Une walk stroll quiet relaxed for ma grandmother',
    )
  })

  it('tells the language by its function words, and leaves English (and unknown languages) alone', () => {
    expect(detectLanguage('Combien de degrés en Fahrenheit ?', lexicons)).toBe('fr')
    expect(detectLanguage('La dosis de un medicamento para el niño', lexicons)).toBe('es')
    expect(detectLanguage('Convert the temperature of the room to Fahrenheit', lexicons)).toBeNull()
    expect(detectLanguage('Write a short note in French for the team', lexicons)).toBeNull()
    expect(detectLanguage('SELECT count(*) FROM orders', lexicons)).toBeNull()
    expect(detectLanguage('', lexicons)).toBeNull()
    // Without a lexicon for the script, nothing is glossed.
    expect(detectLanguage('Какая погода завтра?', lexicons)).toBeNull()
    expect(detectLanguage('会議の時間を決めたい', lexicons)).toBeNull()
  })

  it('finds an inflected word typed without its accents by its stem', () => {
    const french = parseLexicon('fr', 'télécharger\tdownload\néconomiser\tsave')
    expect(glossWord('téléchargés', french)).toBe('download')
    expect(glossWord('telecharges', french)).toBe('download') // Snowball stems the entry to "télécharg"
    expect(glossWord('economisait', french)).toBe('save')
    // Russian typed with е for ё; й is a letter of its own, not и with an accent.
    const russian = parseLexicon('ru', 'лёгкий\tlight easy\nновый\tnew')
    expect(glossWord('легкой', russian)).toBe('light easy')
    expect(foldLetters('новый ёж')).toBe('новый еж')
  })

  it('passes over a language with more function words when its lexicon knows few of the words', () => {
    const italian = ['le\tthe\tf', 'ha\thas\tf', 'il\tthe', 'treno\ttrain', 'notturno\tnight', 'cuccetta\tberth']
    const shelf = new Map([
      ['it', parseLexicon('it', [...italian, 'posti\tseats', 'sedere\tsit'].join('\n'))],
      // Spanish shares "le" and "ha", and its lone "o" breaks the tie, but it knows three words of eleven.
      ['es', parseLexicon('es', 'le\tto him\tf\nha\thas\tf\no\tor\tf')],
    ])
    expect(detectLanguage('Il treno notturno ha le cuccette o solo posti a sedere?', shelf)).toBe('it')
  })

  it('reads German typed without umlauts: ae, oe and ue, each where it may be one', () => {
    const german = parseLexicon(
      'de',
      'schon\talready\tf\nschön\tbeautiful\nführerschein\tdriving licence\nsteuererklärung\ttax return\nprüfung\texam',
    )
    expect(glossWord('schoen', german)).toBe('beautiful') // not "schon", which the word folds to
    expect(glossWord('Fuehrerschein', german)).toBe('driving licence')
    expect(glossWord('Steuererklaerung', german)).toBe('tax return') // the "ue" of Steuer stays
    expect(glossWord('Pruefungen', german)).toBe('exam') // then by its stem
    expect(glossWord('Quelle', german)).toBeNull()
    expect(glossWord('schoen', parseLexicon('nl', 'schön\tbeautiful'))).toBeNull()
  })

  it('breaks a tie of function words by the words only one language knows, not by international ones', () => {
    const shelf = new Map([
      ['fr', parseLexicon('fr', 'en\tin\tf\nconvertir\tconvert\ndegrés\tdegrees')],
      ['es', parseLexicon('es', 'en\tin\tf\nconvertir\tconvert\nfahrenheit\tfahrenheit\ncelsius\tcelsius')],
      ['it', parseLexicon('it', 'in\tin\tf\nfahrenheit\tfahrenheit\ncelsius\tcelsius')],
    ])
    // Spanish knows more of the words, but only the French one is French alone.
    expect(detectLanguage('Convertis 98,6 degrés Fahrenheit en Celsius.', shelf)).toBe('fr')
    expect(detectLanguage('Convierte 98,6 grados Fahrenheit en Celsius.', shelf)).toBe('es')
  })

  it('segments Japanese by the longest entry, and reads kanji compounds it lacks from the Han dictionary', () => {
    const japanese = parseLexicon(
      'ja',
      [
        'を\t-\tf',
        'の\tof\tf',
        'たい\twant\tf',
        '決める\tdecide',
        '決め\tdecide',
        'チーム\tteam',
        '会議\tmeeting',
      ].join('\n'),
    )
    const han: HanDictionary = {
      glosses: new Map([
        ['時間', 'time'],
        ['海外', 'overseas'],
        ['時', 'hour'],
      ]),
      longestWord: 2,
    }
    expect(glossSegmented('海外チームの会議時間を決めたい', japanese, han)).toBe(
      'overseas team of meeting time decide want',
    )
    // Latin words and numbers stay; without the Han dictionary unknown kanji go.
    expect(glossSegmented('SQLの会議は3時間', japanese)).toBe('SQL of meeting 3')
  })

  it('folds accents, not the vowel signs of Devanagari: an unknown Hindi word is not another word', () => {
    const hindi = parseLexicon('hi', 'जल\twater\nमें\tin\tf')
    expect(glossWord('जल', hindi)).toBe('water')
    expect(glossWord('जाल', hindi)).toBeNull() // "net": without its vowel sign it would read as जल
    expect(glossWord('Température', french)).toBe('temperature')
    // Letters that are not an accented base letter fold too: Polish "błąd" typed "blad".
    expect(glossWord('blad', parseLexicon('pl', 'błąd\terror mistake'))).toBe('error mistake')
    // A word typed with accents means them: Swedish "rätta" (correct) is not "råtta" (rat).
    const swedish = parseLexicon('sv', 'råtta\trat\nrätt\tright correct')
    expect(glossWord('ratta', swedish)).toBe('rat')
    expect(glossWord('rätta', swedish)).toBe('right correct')
  })

  it('reads Arabic words with the particles written onto them, the least taken off first', () => {
    const arabic = parseLexicon('ar', ['كان\twas\tf', 'مسطرة\truler', 'ان\tthat\tf', 'كتاب\tbook'].join('\n'))
    expect(glossWord('فكان', arabic)).toBe('was') // "so it was": not ف+ك+ان, "that"
    expect(glossWord('بالمسطرة', arabic)).toBe('ruler') // "with the ruler"
    expect(glossWord('والكتاب', arabic)).toBe('book') // "and the book"
    expect(glossWord('لا', arabic)).toBeNull() // a word is never stripped below two letters
  })

  it('reads Persian typed on an Arabic keyboard, and Arabic with or without the dots of its final yeh', () => {
    const persian = parseLexicon('fa', 'کیک\tcake\nیک\tone\tf')
    expect(glossWord('كيك', persian)).toBe('cake') // Arabic kaf and yeh for Persian ک and ی
    const arabic = parseLexicon('ar', 'مستشفى\thospital')
    expect(glossWord('مستشفي', arabic)).toBe('hospital')
  })

  it('tells the language of an alphabet by the words its lexicon knows, inflected ones and particles included', () => {
    const arabic = parseLexicon(
      'ar',
      ['ذهب\twent', 'مكتب\toffice', 'مغلق\tclosed', 'كتب\twrote', 'مدير\tmanager', 'بريد\tmail'].join('\n'),
    )
    // Half of these words carry "and", "so", "the", "with" or "to": exact forms alone knew too few.
    expect(detectLanguage('فذهب المدير إلى المكتب فوجده مغلق فكتب بالبريد', new Map([['ar', arabic]]))).toBe('ar')
    const russian = parseLexicon('ru', 'погода\tweather\nзавтра\ttomorrow\nкакая\twhat\tf')
    const ukrainian = parseLexicon('uk', 'погода\tweather\nзавтра\ttomorrow\nяка\twhat\tf\nу\tin\tf')
    const cyrillic = new Map([
      ['ru', russian],
      ['uk', ukrainian],
    ])
    expect(detectLanguage('Яка погода завтра у Києві?', cyrillic)).toBe('uk')
    expect(detectLanguage('Какая погода завтра?', cyrillic)).toBe('ru')
  })

  it('reads a Ukrainian word written with an apostrophe as one word, with any apostrophe', () => {
    const ukrainian = parseLexicon('uk', "напиши\twrite\nп'ять\tfive\nпорад\ttips\nпро\tabout\tf\nм'ясо\tmeat")
    const cyrillic = new Map([
      ['ru', parseLexicon('ru', 'напиши\twrite\nпро\tabout\tf')],
      ['uk', ukrainian],
    ])
    // Split at the apostrophe, "п", "ять", "м" and "ясо" were unknown: too few known words, left unglossed.
    for (const apostrophe of ["'", '’', 'ʼ'])
      expect(detectLanguage(`Напиши п${apostrophe}ять порад про м${apostrophe}ясо.`, cyrillic)).toBe('uk')
    expect(glossSpaced("Напиши п'ять порад про м’ясо.", ukrainian)).toBe('write five tips about meat')
  })

  it('finds no word by an empty stem (Snowball stems some Czech words to nothing)', () => {
    const czech = parseLexicon('cs', 'kino\tcinema\nsoubor\tfile')
    expect(glossWord('souboru', czech)).toBe('file')
    expect(glossWord('novém', czech)).toBeNull() // "new": its stem is empty, like that of "kino"
  })

  it('reads a compound it lacks by its parts, in languages that write compounds as one word', () => {
    const german = parseLexicon(
      'de',
      ['zeitzone\ttime zone', 'einstellung\tsetting', 'sicherung\tbackup', 'kopie\tcopy'].join('\n'),
    )
    expect(glossSpaced('Prüfe die Zeitzoneneinstellung', german)).toBe('Prüfe die time zone setting') // inflected head
    expect(glossSpaced('eine Sicherungskopie', german)).toBe('eine backup copy') // the linking "s"
    expect(glossSpaced('eine Kopiezeit', german)).toBe('eine Kopiezeit') // no known tail: stays whole
    // A "word" longer than any compound is not split: splitting costs the square of its length.
    const snoring = parseLexicon('de', `sicherung\tbackup\n${'z'.repeat(40)}\tsnore\n${'z'.repeat(60)}\tsnore`)
    expect(glossSpaced(`sicherung${'z'.repeat(40)}`, snoring)).toBe('backup snore')
    expect(glossSpaced(`sicherung${'z'.repeat(60)}`, snoring)).toBe(`sicherung${'z'.repeat(60)}`)
    // French does not compound: a word made of two French words is not split.
    const french = parseLexicon('fr', 'porte\tdoor\nmanteau\tcoat')
    expect(glossSpaced('un portemanteau', french)).toBe('un portemanteau')
  })

  it('reads a lexicon on its first use: a Latin-script text never reads the Greek one', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'lexicons-'))
    try {
      writeFileSync(path.join(directory, 'fr.tsv'), 'de\tof\tf\ncombien\thow much\tf\ndegré\tdegree')
      writeFileSync(path.join(directory, 'el.tsv'), 'καιρός\tweather')
      const shelf = new LexiconShelf(directory)
      rmSync(path.join(directory, 'el.tsv')) // read now, it would throw
      expect(detectLanguage('Combien de degrés ?', shelf)).toBe('fr')
      expect(detectLanguage('Convert the degrees of the room', shelf)).toBeNull()
      expect([...shelf.keys()]).toEqual(['el', 'fr'])
      expect(() => shelf.get('el')).toThrow(/ENOENT/)
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })

  it('tells English from the others by function words alone, reading no lexicon whole', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'lexicons-'))
    try {
      writeFileSync(path.join(directory, 'fr.tsv'), 'de\tof\tf\nles\tthe\tf\ndegré\tdegree')
      writeFileSync(path.join(directory, 'es.tsv'), 'el\tthe\tf\ngrado\tdegree')
      class CountingShelf extends LexiconShelf {
        readonly read = new Set<string>()
        override get(language: string) {
          this.read.add(language)
          return super.get(language)
        }
      }
      const shelf = new CountingShelf(directory)
      expect(detectLanguage('Convert the degrees of the room to Fahrenheit', shelf)).toBeNull()
      expect([...shelf.read]).toEqual([])
      expect(detectLanguage('Convertis les degrés de la pièce', shelf)).toBe('fr')
      expect([...shelf.read]).toContain('fr')
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })

  it('warms a shelf a slice at a time: every stem table is built, and a lookup mid-way finishes the one it needs', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'lexicons-'))
    try {
      // Enough words for many slices; the first entry of a stem still wins.
      const words = Array.from({ length: 3_000 }, (_, n) => `palabra${n.toString(36)}s\tword ${n}`)
      const spanish = ['viajar\ttravel', 'viajaremos\tjourney', ...words].join('\n')
      writeFileSync(path.join(directory, 'es.tsv'), spanish)
      writeFileSync(path.join(directory, 'it.tsv'), 'viaggiare\ttravel')
      const shelf = new LexiconShelf(directory)
      const warming = shelf.warm()
      // Mid-warm, a lookup by stem finishes the table it needs at once, with the same result.
      await new Promise((resolve) => setImmediate(resolve))
      expect(shelf.get('es')!.stems?.stemmed).toBeLessThan(shelf.get('es')!.contentForms.length)
      expect(glossWord('viajaron', shelf.get('es')!)).toBe('travel')
      await warming
      for (const language of ['es', 'it']) {
        const lexicon = shelf.get(language)!
        expect(lexicon.stems?.stemmed).toBe(lexicon.contentForms.length)
      }
      expect(glossWord('viaggiamo', shelf.get('it')!)).toBe('travel')
      const atOnce = parseLexicon('es', spanish)
      for (const word of ['palabra1r', 'palabrazzes', 'palabra2a', 'viajaba'])
        expect(glossWord(word, shelf.get('es')!)).toBe(glossWord(word, atOnce))
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })

  it('skips malformed lines and keeps the first entry of a form', () => {
    const parsed = parseLexicon('fr', 'bonjour\thello\n\nmalformed\nbonjour\tgood day\n\tnothing')
    expect(parsed.forms.get('bonjour')).toBe('hello')
    expect(parsed.forms.has('malformed')).toBe(false)
  })
})

describe('the shipped lexicons', () => {
  const directory = path.join(process.cwd(), 'lib/adapters/embedders/lexicons')
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.tsv'))
    .sort()

  it('are well-formed: form, gloss of one to four words (or - for grammar), optional f', () => {
    expect(files.length).toBeGreaterThan(0)
    const malformed: string[] = []
    for (const file of files)
      readFileSync(path.join(directory, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line === '' && index > 0) return
          const [form, gloss, kind, ...rest] = line.split('\t')
          const wellFormed =
            rest.length === 0 &&
            form.trim() !== '' &&
            /^(?:-|[a-z0-9'’-]+(?: [a-z0-9'’-]+){0,3})$/.test(gloss ?? '') &&
            (kind === undefined || kind === 'f')
          if (!wellFormed) malformed.push(`${file}:${index + 1}: ${line}`)
        })
    expect(malformed).toEqual([])
  })

  it('list function words that a scan of their lines alone finds, as detection reads them before a lexicon', () => {
    for (const file of files) {
      const tsv = readFileSync(path.join(directory, file), 'utf8')
      expect([...scanFunctionWords(tsv)].sort(), file).toEqual(
        [...parseLexicon(file.slice(0, -4), tsv).functionWords].sort(),
      )
    }
  }, 60_000) // parses every lexicon: several seconds

  it('are the version the embedder id names: a changed lexicon must bump LEXICONS_VERSION (and re-embed)', () => {
    const digest = createHash('sha256')
    for (const file of files) digest.update(file).update(readFileSync(path.join(directory, file)))
    // When this fails after editing a lexicon: bump LEXICONS_VERSION and paste the new digest here.
    expect({ version: LEXICONS_VERSION, digest: digest.digest('hex').slice(0, 16) }).toEqual({
      version: LEXICONS_VERSION,
      digest: 'c239bc935bb29310',
    })
  })

  it('gloss everyday tasks of each language into English the encoder can read', () => {
    const shipped = glossLexicons()
    expect([...shipped.keys()].sort()).toEqual(files.map((file) => file.slice(0, -4)))
    const tasks: [string, string, string[]][] = [
      ['es', 'Antes de reiniciar la base de datos, comprueba la copia de seguridad.', ['database', 'backup', 'check']],
      ['fr', 'Convertis la température en degrés Fahrenheit.', ['convert', 'temperature', 'degrees']],
      ['de', 'Plane eine Besprechung mit dem Team für Montag.', ['plan', 'meeting', 'monday']],
      ['it', 'Scrivi un riassunto breve del contratto di affitto.', ['write', 'summary', 'contract', 'rent']],
      ['pt', 'Calcule o imposto sobre a fatura do cliente.', ['calculate', 'tax', 'invoice', 'customer']],
      ['ru', 'Сделай резервную копию базы данных перед обновлением.', ['backup', 'database', 'before', 'update']],
      ['ja', 'パスワードを変更する前にバックアップを取ってください。', ['password', 'change', 'before', 'backup']],
      ['ko', '비밀번호를 바꾸기 전에 백업을 해 주세요.', ['password', 'change', 'before', 'backup']],
      ['sv', 'Gör en säkerhetskopia av databasen innan du uppdaterar servern.', ['backup', 'database', 'before']],
      ['nl', 'Maak een back-up van de database voordat je de server bijwerkt.', ['backup', 'before']],
      ['tr', 'Sunucuyu güncellemeden önce veritabanının yedeğini al.', ['server', 'update', 'database', 'backup']],
      ['pl', 'Zrób kopię zapasową bazy danych przed aktualizacją serwera.', ['backup', 'database', 'update']],
      ['vi', 'Hãy sao lưu cơ sở dữ liệu trước khi cập nhật máy chủ.', ['backup', 'database', 'update', 'server']],
      ['id', 'Buat cadangan basis data sebelum memperbarui server.', ['backup', 'database', 'before', 'update']],
      ['ar', 'قم بعمل نسخة احتياطية من قاعدة البيانات قبل تحديث الخادم.', ['backup', 'database', 'update', 'server']],
      ['hi', 'सर्वर अपडेट करने से पहले डेटाबेस का बैकअप लीजिए।', ['server', 'update', 'database', 'backup']],
      ['da', 'Tag en sikkerhedskopi af databasen, før du opdaterer serveren.', ['backup', 'database', 'before']],
      ['no', 'Ta en sikkerhetskopi av databasen før du oppdaterer serveren.', ['backup', 'database', 'update']],
      ['fi', 'Ota varmuuskopio tietokannasta ennen kuin päivität palvelimen.', ['backup', 'database', 'server']],
      ['cs', 'Před aktualizací serveru udělej zálohu databáze.', ['backup', 'database', 'update']],
      ['ro', 'Fă o copie de rezervă a bazei de date înainte de actualizarea serverului.', ['backup', 'before']],
      ['hu', 'Készíts biztonsági mentést az adatbázisról, mielőtt frissíted a szervert.', ['database', 'server']],
      ['ca', "Fes una còpia de seguretat de la base de dades abans d'actualitzar el servidor.", ['backup', 'server']],
      ['el', 'Κάνε αντίγραφο ασφαλείας της βάσης δεδομένων πριν ενημερώσεις τον διακομιστή.', ['backup', 'before']],
      ['uk', 'Зроби резервну копію бази даних перед оновленням сервера.', ['backup', 'database', 'server']],
      ['fa', 'قبل از به‌روزرسانی سرور از پایگاه داده نسخه پشتیبان بگیر.', ['server', 'database', 'backup']],
    ]
    for (const [language, task, words] of tasks) {
      expect(detectLanguage(task, shipped), task).toBe(language)
      const lexicon = shipped.get(language)!
      const gloss = language === 'ja' || language === 'ko' ? glossSegmented(task, lexicon) : glossSpaced(task, lexicon)
      for (const word of words) expect(gloss.split(' '), task).toContain(word)
    }
  }, 60_000) // reads every lexicon and builds each stem table: several seconds on a busy machine

  it('tell French from Catalan though both elide "l\'" and "d\'", and take no English possessive for either', () => {
    const shipped = glossLexicons()
    const french = "Lors d'une conversion de température, indiquez toujours l'unité d'origine et l'unité cible."
    expect(detectLanguage(french, shipped)).toBe('fr')
    expect(detectLanguage("Fes una còpia de seguretat de la base de dades abans d'actualitzar-la.", shipped)).toBe('ca')
    expect(
      detectLanguage("Before contacting a candidate's references, get the candidate's consent.", shipped),
    ).toBeNull()
  })

  it('leave English alone: no sentence of the README or docs/ is taken for another language', () => {
    const shipped = glossLexicons()
    const documents = ['README.md', ...readdirSync('docs').map((file) => path.join('docs', file))]
    const sentences = documents
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .split(/(?<=[.!?])\s+|\n/)
      .filter((sentence) => /^[A-Z][a-z]/.test(sentence.trim()) && sentence.split(' ').length >= 5)
    expect(sentences.length).toBeGreaterThan(80)
    expect(sentences.filter((sentence) => detectLanguage(sentence, shipped) !== null)).toEqual([])
  })
})
