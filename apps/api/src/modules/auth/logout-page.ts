/**
 * The page `GET /api/logout` answers with: signing out is a POST, so a link, an image
 * or a prefetch cannot sign anyone out. A navigation from Parley's own pages
 * (Sec-Fetch-Site: same-origin, which another site cannot forge) posts the form at once
 * through a same-origin script (the CSP allows no inline script); from anywhere else the
 * user presses the button.
 */
const TEXTS = {
  en: ['Sign out', 'Sign out of Parley on this device?', 'Sign out', 'Stay signed in'],
  es: [
    'Cerrar sesión',
    '¿Cerrar la sesión de Parley en este dispositivo?',
    'Cerrar sesión',
    'Seguir conectado',
  ],
  fr: [
    'Déconnexion',
    'Se déconnecter de Parley sur cet appareil ?',
    'Se déconnecter',
    'Rester connecté',
  ],
  de: ['Abmelden', 'Auf diesem Gerät von Parley abmelden?', 'Abmelden', 'Angemeldet bleiben'],
  it: ['Esci', 'Uscire da Parley su questo dispositivo?', 'Esci', 'Resta connesso'],
  pt: ['Sair', 'Sair do Parley neste dispositivo?', 'Sair', 'Continuar conectado'],
  ru: ['Выход', 'Выйти из Parley на этом устройстве?', 'Выйти', 'Остаться в системе'],
  zh: ['退出登录', '要在此设备上退出 Parley 吗？', '退出登录', '保持登录'],
  ja: [
    'ログアウト',
    'このデバイスで Parley からログアウトしますか？',
    'ログアウト',
    'ログインしたままにする',
  ],
  ar: [
    'تسجيل الخروج',
    'هل تريد تسجيل الخروج من Parley على هذا الجهاز؟',
    'تسجيل الخروج',
    'البقاء مسجلاً',
  ],
} as const;
type Lang = keyof typeof TEXTS;

/** The first language of Accept-Language that Parley speaks, else English. */
export function pageLanguage(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? '';
    if (tag in TEXTS) return tag as Lang;
  }
  return 'en';
}

export const LOGOUT_SCRIPT = "document.getElementById('logout').submit();\n";

export function logoutPage(lang: Lang, autoSubmit: boolean): string {
  const [title, question, button, stay] = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Parley</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;box-sizing:border-box}main{max-width:24rem;text-align:center}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}a{display:block;margin-top:1rem;color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${question}</h1>
<form id="logout" method="post" action="/api/logout" enctype="text/plain">
<button type="submit">${button}</button>
</form>
<a href="/">${stay}</a>
</main>
${autoSubmit ? '<script src="/api/logout.js"></script>\n' : ''}</body>
</html>
`;
}
