/**
 * Reads a reply text as a keyword. Carriers and AWS treat these words case-insensitively; people
 * also add spaces, punctuation and emoji ("Stop!", " yes. "), so only the letters and digits count.
 */
export type SmsKeyword =
  | { kind: 'yes' }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'confirm'; answer: 'stood-down' | 'working' }
  | { kind: 'other' };

/** The opt-out words US carriers require to be honoured (CTIA), plus AWS's STOPALL. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT'] as const;
const START_WORDS = ['START', 'UNSTOP', 'SUBSCRIBE'];
const YES_WORDS = ['YES', 'Y'];
const HELP_WORDS = ['HELP', 'INFO'];

export function readKeyword(body: string): SmsKeyword {
  const word = body
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  if ((STOP_WORDS as readonly string[]).includes(word)) return { kind: 'stop' };
  if (START_WORDS.includes(word)) return { kind: 'start' };
  if (YES_WORDS.includes(word)) return { kind: 'yes' };
  if (HELP_WORDS.includes(word)) return { kind: 'help' };
  if (word === '1') return { kind: 'confirm', answer: 'stood-down' };
  if (word === '2') return { kind: 'confirm', answer: 'working' };
  return { kind: 'other' };
}
