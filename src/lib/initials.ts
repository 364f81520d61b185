/** "Çağrı Öztürk" → "ÇÖ": first letters, upper-cased the Turkish way. */
export function initials(name: string, surname: string): string {
  const first = (word: string) => Array.from(word.trim())[0] ?? '';
  return (first(name) + first(surname)).toLocaleUpperCase('tr-TR');
}
