/**
 * The offline, deterministic support diagnosis: overview → anomalies → decisive cause → attempt
 * story, made entirely of query_log calls (kept as a transcript). Every claim cites `#index`. Event
 * contents are quoted as data; nothing in them changes which calls are made or what is concluded.
 */
import type { Reflection } from '../../core/reflection'
import { explainRun } from './explain-run'
import type { AnswerLanguage } from './language'
import { LogReader } from './log-reader'
import { recordingSession, type ToolCallRecord } from './recording-tool'

/** The diagnosis: the answer text and the tool calls it was built from. */
export type Diagnosis = { answer: string; toolCalls: ToolCallRecord[] }

/** Diagnoses a run from its Reflection alone, through query_log calls; deterministic. */
export function diagnoseRun(reflection: Reflection, language: AnswerLanguage = 'en'): Diagnosis {
  const reader = new LogReader(recordingSession(reflection.tool()))
  return { answer: explainRun(reader, language).join('\n'), toolCalls: reader.session.calls }
}
