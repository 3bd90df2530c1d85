/** An email template body for a crew's delay notice, as the /email screen sends it. */
export function noticeTemplate(name: string, body = 'Hi {{recipientName}}.\n\n{{action}}') {
  return { name, kind: 'notice', audience: 'worker', subject: '{{verdict}} at {{jobsite}}', body };
}
