import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@parley/shared';

/** The reset email's words per language: subject, then the lines around the link. */
const TEXTS: Record<
  LanguageCode,
  { subject: string; intro: string; expiry: string; ignore: string }
> = {
  en: {
    subject: 'Reset your Parley password',
    intro:
      'Someone asked to reset the password of your Parley account. To choose a new one, open this link:',
    expiry: 'The link works once, for one hour. Using it signs you out everywhere.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  de: {
    subject: 'Parley-Passwort zurücksetzen',
    intro:
      'Jemand hat das Zurücksetzen des Passworts Ihres Parley-Kontos angefordert. Um ein neues zu wählen, öffnen Sie diesen Link:',
    expiry:
      'Der Link funktioniert einmal und eine Stunde lang. Danach sind Sie überall abgemeldet.',
    ignore:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  es: {
    subject: 'Restablece tu contraseña de Parley',
    intro:
      'Alguien pidió restablecer la contraseña de tu cuenta de Parley. Para elegir una nueva, abre este enlace:',
    expiry:
      'El enlace funciona una vez, durante una hora. Al usarlo se cierran todas tus sesiones.',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Parley',
    intro:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Parley. Pour en choisir un nouveau, ouvrez ce lien :',
    expiry: 'Le lien fonctionne une fois, pendant une heure. L’utiliser vous déconnecte partout.',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  it: {
    subject: 'Reimposta la password di Parley',
    intro:
      'Qualcuno ha chiesto di reimpostare la password del tuo account Parley. Per sceglierne una nuova, apri questo link:',
    expiry: 'Il link funziona una volta, per un’ora. Usarlo chiude tutte le tue sessioni.',
    ignore: 'Se non l’hai chiesto tu, ignora questa email: la password resta invariata.',
  },
  pt: {
    subject: 'Redefina sua senha do Parley',
    intro:
      'Alguém pediu para redefinir a senha da sua conta Parley. Para escolher uma nova, abra este link:',
    expiry: 'O link funciona uma vez, durante uma hora. Usá-lo encerra todas as suas sessões.',
    ignore: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  ru: {
    subject: 'Сброс пароля Parley',
    intro:
      'Кто-то запросил сброс пароля вашей учётной записи Parley. Чтобы выбрать новый, откройте ссылку:',
    expiry:
      'Ссылка действует один раз в течение часа. После её использования все ваши сеансы завершатся.',
    ignore: 'Если вы этого не запрашивали, проигнорируйте письмо: пароль останется прежним.',
  },
  zh: {
    subject: '重置您的 Parley 密码',
    intro: '有人请求重置您的 Parley 账户密码。要设置新密码，请打开此链接：',
    expiry: '该链接仅可使用一次，有效期一小时。使用后您将在所有设备上退出登录。',
    ignore: '如果这不是您本人的请求，请忽略此邮件：您的密码不会改变。',
  },
  ja: {
    subject: 'Parley のパスワードの再設定',
    intro:
      'お使いの Parley アカウントのパスワード再設定が依頼されました。新しいパスワードを設定するには、次のリンクを開いてください:',
    expiry:
      'このリンクは 1 時間以内に 1 回だけ使えます。使用するとすべての端末でサインアウトされます。',
    ignore: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Parley',
    intro:
      'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Parley. لاختيار كلمة مرور جديدة، افتح هذا الرابط:',
    expiry: 'يعمل الرابط مرة واحدة ولمدة ساعة. استخدامه ينهي كل جلساتك.',
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
};

/** The page a reset link opens; the token rides in the fragment, which no server sees. */
export function resetLink(publicUrl: string, token: string): string {
  return `${new URL('/reset-password', publicUrl).toString()}#${token}`;
}

/** The reset email in the user's language (English when unknown). */
export function resetEmail(language: string | null, link: string) {
  const lang = language && isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const t = TEXTS[lang];
  return { subject: t.subject, text: `${t.intro}\n\n${link}\n\n${t.expiry}\n${t.ignore}\n` };
}
