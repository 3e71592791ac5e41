/** Text made safe to put in hand-written markup (HTML or XML): in an element's text or an attribute in double quotes. */
export function escapeMarkup(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
