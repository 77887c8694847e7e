import type { PersonalDataRange } from '@/lib/services/lessons/personal-data'

const KIND_LABEL: Record<PersonalDataRange['kind'], string> = {
  email: 'e-mail',
  phone: 'phone number',
  url_token: 'URL with a token',
  name: 'name',
  api_key: 'key or token',
}

/** Text with what looks like personal data wrapped in <mark>, each labelled with its kind. */
export function HighlightedText({ text, ranges }: { text: string; ranges: PersonalDataRange[] }) {
  const parts: React.ReactNode[] = []
  let position = 0
  for (const range of ranges) {
    if (range.start > position) parts.push(text.slice(position, range.start))
    parts.push(
      <mark
        key={range.start}
        title={KIND_LABEL[range.kind]}
        data-kind={range.kind}
        className="rounded bg-amber-200 px-0.5 text-amber-950"
      >
        {text.slice(range.start, range.end)}
        <span className="sr-only"> ({KIND_LABEL[range.kind]})</span>
      </mark>,
    )
    position = range.end
  }
  if (position < text.length) parts.push(text.slice(position))
  return <>{parts}</>
}

/** The kinds found, in words ("e-mail, phone number"). */
export function personalDataKinds(ranges: PersonalDataRange[]): string {
  return [...new Set(ranges.map((range) => KIND_LABEL[range.kind]))].join(', ')
}
