// The one layout every buyer email shares: HTML (inline styles, as mail clients need) and
// the same content as plain text, every value escaped.

/** Text made safe inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** One email's content: a heading, a lead, a table of rows and links. */
export interface EmailSection {
  heading: string;
  lead: string;
  rows: [string, string][];
  links: [string, string][];
}

export function render(
  section: EmailSection,
  footer: string,
  merchant: string[],
): { html: string; text: string } {
  const text = [
    section.heading,
    '',
    section.lead,
    '',
    ...section.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...section.links.map(([label, url]) => `${label}: ${url}`),
    '',
    '--',
    ...merchant,
    footer,
  ].join('\n');
  const rows = section.rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;font-weight:normal;color:#555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const links = section.links
    .map(
      ([label, url]) =>
        `<p><a href="${escapeHtml(url)}" style="color:#1a56db">${escapeHtml(label)}</a></p>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(section.heading)}</h1>
<p>${escapeHtml(section.lead)}</p>
<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows}</table>
${links}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="color:#555;font-size:13px">${merchant.map(escapeHtml).join('<br>')}</p>
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  return { html, text };
}
