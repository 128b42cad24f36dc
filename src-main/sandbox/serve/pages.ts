// The HTML pages of link serving. Everything printed is escaped; the owner's custom JS goes into
// a script element with "</" broken up so it cannot close the element.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
input,button{font:inherit;padding:.4rem .6rem}.error{color:#b00020}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function passwordPage(action: string, wrong: boolean): string {
  return page(
    'Password required',
    `<h1>This link is protected</h1>
<p>Enter the password to continue.</p>
${wrong ? '<p class="error" role="alert">The password is not correct.</p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label>Password <input type="password" name="password" autocomplete="current-password" required autofocus></label>
<button type="submit">Continue</button>
</form>`,
  );
}

/** After too many wrong passwords: when the visitor may try again, in words. */
export function lockedPage(waitSeconds: number): string {
  return page(
    'Too many attempts',
    `<h1>Too many wrong passwords</h1>
<p role="alert">Too many wrong passwords were entered for this link from your address. Try again in ${escapeHtml(formatWait(waitSeconds))}.</p>`,
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function sensitivePage(action: string, access: string | null): string {
  return page(
    'Sensitive content',
    `<h1>Sensitive content</h1>
<p>The destination of this link was marked as sensitive. Do you want to continue?</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="confirm" value="1">
${access ? `<input type="hidden" name="access" value="${escapeHtml(access)}">` : ''}
<button type="submit">Continue</button>
</form>`,
  );
}

export interface CloakPageInput {
  destination: string;
  title: string;
  description: string;
  customJs: string;
  faviconUrl: string | null;
  opengraphUrl: string | null;
}

export function cloakPage(input: CloakPageInput): string {
  const head = [
    input.description ? `<meta name="description" content="${escapeHtml(input.description)}">` : '',
    `<meta property="og:title" content="${escapeHtml(input.title)}">`,
    input.description ? `<meta property="og:description" content="${escapeHtml(input.description)}">` : '',
    input.opengraphUrl ? `<meta property="og:image" content="${escapeHtml(input.opengraphUrl)}">` : '',
    input.faviconUrl ? `<link rel="icon" href="${escapeHtml(input.faviconUrl)}">` : '',
    input.customJs ? `<script>${input.customJs.replace(/<\//g, '<\\/').replace(/<!--/g, '<\\!--')}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
${head}
<style>html,body,iframe{margin:0;padding:0;border:0;width:100%;height:100%;overflow:hidden}</style>
</head>
<body>
<iframe src="${escapeHtml(input.destination)}" title="${escapeHtml(input.title)}"></iframe>
</body>
</html>
`;
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
