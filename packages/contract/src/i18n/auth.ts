/** Messages of accounts and authentication (login, registration, verification, reset, deletion, mails). */
export const authMessages = {
  en: {
    "auth.loginInvalid": "Enter a valid username, email or phone number (with country code)",
    "auth.invalidCredentials": "Invalid login credentials",
    "auth.termsRequired": "You must accept the terms and conditions",
    "auth.guardianEmailSame": "The guardian's email must be different from your own",
    "auth.dateOfBirthFuture": "Enter a real date of birth",
    "auth.codeFormat": "Enter the 6-digit code",
    "auth.usernameTaken": "This username is already taken",
    "auth.emailTaken": "An account with this email already exists",
    "auth.phoneTaken": "An account with this phone number already exists",
    "auth.emailUnverified":
      "Please verify your email address first: open the link we sent you, or ask for a new one.",
    "auth.guardianUnconfirmed":
      "Your guardian has not confirmed your account yet. Ask them to open the link we sent to their email.",
    "auth.pendingDeletion":
      "This account is scheduled for deletion. Open the restore link we sent to your email to keep it.",
    "auth.accountDisabled": "This account has been disabled. Please contact support.",
    "auth.loggedIn": "Welcome back",
    "auth.loggedOut": "You have been logged out",
    "auth.sessionExpired": "Your session has expired. Please log in again.",
    "auth.registered": "Account created. We sent a verification link to {{identity}}.",
    "auth.registeredChild":
      "Account created. We sent a verification link to {{identity}}. Your guardian must also confirm your account before you can log in.",
    "auth.registeredByGuardian":
      "Account created. We sent a confirmation link to {{identity}}. Open it to activate the account.",
    "auth.verified": "Your email address is verified. You can now log in.",
    "auth.verifiedWaitingGuardian":
      "Your email address is verified. You can log in as soon as your guardian confirms your account.",
    "auth.verifyInvalid": "This verification link is invalid or has expired. Ask for a new one.",
    "auth.ageVerified": "Thank you. The account is confirmed and the child can now log in.",
    "auth.ageVerifyInvalid": "This confirmation link is invalid or has expired. Ask for a new one.",
    "auth.verifyResent": "If this account is waiting for verification, we have sent a new link.",
    "auth.parentResent":
      "If this account is waiting for its guardian, we have sent a new link to the guardian.",
    "auth.codeSent": "We sent a code to {{phone}}.",
    "auth.codeInvalid": "The code is not correct or has expired.",
    "auth.codeTooManyAttempts": "Too many wrong codes. Ask for a new code.",
    "auth.codeWait": "Please wait {{seconds}} seconds before asking for a new code.",
    "auth.ticketInvalid": "This step has expired. Please start again.",
    "auth.phoneVerified": "Your phone number is verified.",
    "auth.phoneVerifiedLoginLater": "Your phone number is verified. Verify your email address, then log in.",
    "auth.resetRequested":
      "If an account matches, we have sent instructions to reset the password. Check your messages.",
    "auth.resetCodeRequested": "If an account matches this phone number, we have sent it a code.",
    "auth.resetInvalid": "This password reset link is invalid or has expired. Ask for a new one.",
    "auth.passwordReset": "Your password has been changed. You can now log in.",
    "auth.emailUpdated": "Your email address was changed. We sent a verification link to {{email}}.",
    "auth.currentPasswordWrong": "The current password is not correct",
    "auth.passwordChanged": "Your password has been changed",
    "auth.usernameConfirmMismatch": "The username does not match your account",
    "auth.deletionRequested":
      "Your account is scheduled for deletion. We sent you a link to restore it within 14 days.",
    "auth.restored": "Your account has been restored. You can now log in.",
    "auth.restoreInvalid": "This restore link is invalid or has expired.",
    "mail.greeting": "Hello {{name}},",
    "mail.greetingPlain": "Hello,",
    "mail.ignore": "If you did not ask for this, you can ignore this message.",
    "mail.signature": "The {{brand}} team",
    "mail.verify.subject": "Verify your email address for {{brand}}",
    "mail.verify.body": "Please confirm your email address to activate your {{brand}} account:",
    "mail.verify.action": "Verify my email",
    "mail.guardian.subject": "Please confirm your child's {{brand}} account",
    "mail.guardian.body":
      "{{child}} has created an account on {{brand}} and gave your email as their legal guardian. Children under 13 need a guardian's confirmation before they can log in. Confirm the account here:",
    "mail.guardian.action": "Confirm the account",
    "mail.guardianSelf.subject": "Activate the {{brand}} account you created for {{child}}",
    "mail.guardianSelf.body":
      "You created an account on {{brand}} for {{child}} (username {{username}}). Confirm your email address to activate it:",
    "mail.reset.subject": "Reset your {{brand}} password",
    "mail.reset.body": "We received a request to reset your password. The link is valid for 1 hour:",
    "mail.reset.action": "Choose a new password",
    "mail.deletion.subject": "Your {{brand}} account is scheduled for deletion",
    "mail.deletion.body":
      "Your account and its personal data will be erased in 14 days. Changed your mind? Restore it with this link before then:",
    "mail.deletion.action": "Restore my account",
    "mail.deletion.ignore":
      "If you do nothing, the account is erased for good after 14 days. If you did not ask for this, someone may know your password: restore the account with the button above, then change your password.",
    "mail.restoreAgain.subject": "Restore your {{brand}} account",
    "sms.code": "{{brand}}: your verification code is {{code}}. It expires in 10 minutes.",
    "mail.smsByMail.subject": "Your {{brand}} code",
    "mail.smsByMail.note": "Codes come to your email because this site does not send text messages.",
    "sms.resetCode": "{{brand}}: your password reset code is {{code}}. It expires in 1 hour.",
    "mail.registerAttempt.subject": "Someone tried to register with your {{brand}} address",
    "mail.registerAttempt.body":
      "Someone tried to create a new {{brand}} account with this email address, which already has an account. No new account was created. If it was you, log in with your username or email, or choose a new password here:",
    "mail.registerAttempt.action": "Reset my password",
    "sms.registerAttempt":
      "{{brand}}: someone tried to create an account with this phone number, which already has one. No account was created. If it was you, log in or reset your password.",
  },
  es: {
    "auth.loginInvalid":
      "Introduce un nombre de usuario, correo electrónico o número de teléfono válido (con prefijo de país)",
    "auth.invalidCredentials": "Credenciales de inicio de sesión no válidas",
    "auth.termsRequired": "Debes aceptar los términos y condiciones",
    "auth.guardianEmailSame": "El correo del tutor debe ser distinto del tuyo",
    "auth.dateOfBirthFuture": "Introduce una fecha de nacimiento real",
    "auth.codeFormat": "Introduce el código de 6 cifras",
    "auth.usernameTaken": "Este nombre de usuario ya está en uso",
    "auth.emailTaken": "Ya existe una cuenta con este correo electrónico",
    "auth.phoneTaken": "Ya existe una cuenta con este número de teléfono",
    "auth.emailUnverified":
      "Primero verifica tu correo electrónico: abre el enlace que te enviamos o pide uno nuevo.",
    "auth.guardianUnconfirmed":
      "Tu tutor aún no ha confirmado tu cuenta. Pídele que abra el enlace que enviamos a su correo.",
    "auth.pendingDeletion":
      "Esta cuenta está programada para eliminarse. Abre el enlace de restauración que enviamos a tu correo para conservarla.",
    "auth.accountDisabled": "Esta cuenta ha sido desactivada. Ponte en contacto con soporte.",
    "auth.loggedIn": "Te damos la bienvenida de nuevo",
    "auth.loggedOut": "Has cerrado la sesión",
    "auth.sessionExpired": "Tu sesión ha caducado. Vuelve a iniciar sesión.",
    "auth.registered": "Cuenta creada. Enviamos un enlace de verificación a {{identity}}.",
    "auth.registeredChild":
      "Cuenta creada. Enviamos un enlace de verificación a {{identity}}. Tu tutor también debe confirmar tu cuenta antes de que puedas iniciar sesión.",
    "auth.registeredByGuardian":
      "Cuenta creada. Enviamos un enlace de confirmación a {{identity}}. Ábrelo para activar la cuenta.",
    "auth.verified": "Tu correo electrónico está verificado. Ya puedes iniciar sesión.",
    "auth.verifiedWaitingGuardian":
      "Tu correo electrónico está verificado. Podrás iniciar sesión en cuanto tu tutor confirme tu cuenta.",
    "auth.verifyInvalid": "Este enlace de verificación no es válido o ha caducado. Pide uno nuevo.",
    "auth.ageVerified": "Gracias. La cuenta está confirmada y el menor ya puede iniciar sesión.",
    "auth.ageVerifyInvalid": "Este enlace de confirmación no es válido o ha caducado. Pide uno nuevo.",
    "auth.verifyResent": "Si esta cuenta está pendiente de verificación, hemos enviado un enlace nuevo.",
    "auth.parentResent": "Si esta cuenta está esperando a su tutor, hemos enviado un enlace nuevo al tutor.",
    "auth.codeSent": "Enviamos un código a {{phone}}.",
    "auth.codeInvalid": "El código no es correcto o ha caducado.",
    "auth.codeTooManyAttempts": "Demasiados códigos incorrectos. Pide un código nuevo.",
    "auth.codeWait": "Espera {{seconds}} segundos antes de pedir un código nuevo.",
    "auth.ticketInvalid": "Este paso ha caducado. Vuelve a empezar.",
    "auth.phoneVerified": "Tu número de teléfono está verificado.",
    "auth.phoneVerifiedLoginLater":
      "Tu número de teléfono está verificado. Verifica tu correo electrónico y después inicia sesión.",
    "auth.resetRequested":
      "Si existe una cuenta que coincida, hemos enviado instrucciones para restablecer la contraseña. Revisa tus mensajes.",
    "auth.resetCodeRequested":
      "Si existe una cuenta con este número de teléfono, le hemos enviado un código.",
    "auth.resetInvalid":
      "Este enlace para restablecer la contraseña no es válido o ha caducado. Pide uno nuevo.",
    "auth.passwordReset": "Tu contraseña se ha cambiado. Ya puedes iniciar sesión.",
    "auth.emailUpdated":
      "Tu correo electrónico se ha cambiado. Enviamos un enlace de verificación a {{email}}.",
    "auth.currentPasswordWrong": "La contraseña actual no es correcta",
    "auth.passwordChanged": "Tu contraseña se ha cambiado",
    "auth.usernameConfirmMismatch": "El nombre de usuario no coincide con tu cuenta",
    "auth.deletionRequested":
      "Tu cuenta está programada para eliminarse. Te enviamos un enlace para restaurarla en un plazo de 14 días.",
    "auth.restored": "Tu cuenta se ha restaurado. Ya puedes iniciar sesión.",
    "auth.restoreInvalid": "Este enlace de restauración no es válido o ha caducado.",
    "mail.greeting": "Hola, {{name}}:",
    "mail.greetingPlain": "Hola:",
    "mail.ignore": "Si no lo has solicitado, puedes ignorar este mensaje.",
    "mail.signature": "El equipo de {{brand}}",
    "mail.verify.subject": "Verifica tu correo electrónico en {{brand}}",
    "mail.verify.body": "Confirma tu correo electrónico para activar tu cuenta de {{brand}}:",
    "mail.verify.action": "Verificar mi correo",
    "mail.guardian.subject": "Confirma la cuenta de {{brand}} de tu hijo o hija",
    "mail.guardian.body":
      "{{child}} ha creado una cuenta en {{brand}} y ha indicado tu correo como el de su tutor legal. Los menores de 13 años necesitan la confirmación de un tutor para iniciar sesión. Confirma la cuenta aquí:",
    "mail.guardian.action": "Confirmar la cuenta",
    "mail.guardianSelf.subject": "Activa la cuenta de {{brand}} que creaste para {{child}}",
    "mail.guardianSelf.body":
      "Creaste una cuenta en {{brand}} para {{child}} (nombre de usuario {{username}}). Confirma tu correo electrónico para activarla:",
    "mail.reset.subject": "Restablece tu contraseña de {{brand}}",
    "mail.reset.body":
      "Hemos recibido una solicitud para restablecer tu contraseña. El enlace es válido durante 1 hora:",
    "mail.reset.action": "Elegir una contraseña nueva",
    "mail.deletion.subject": "Tu cuenta de {{brand}} está programada para eliminarse",
    "mail.deletion.body":
      "Tu cuenta y sus datos personales se borrarán dentro de 14 días. ¿Has cambiado de opinión? Restáurala antes con este enlace:",
    "mail.deletion.action": "Restaurar mi cuenta",
    "mail.deletion.ignore":
      "Si no haces nada, la cuenta se borrará definitivamente pasados 14 días. Si no lo has solicitado tú, puede que alguien conozca tu contraseña: restaura la cuenta con el botón de arriba y después cambia tu contraseña.",
    "mail.restoreAgain.subject": "Restaura tu cuenta de {{brand}}",
    "sms.code": "{{brand}}: tu código de verificación es {{code}}. Caduca en 10 minutos.",
    "mail.smsByMail.subject": "Tu código de {{brand}}",
    "mail.smsByMail.note": "Los códigos llegan a tu correo electrónico porque este sitio no envía SMS.",
    "sms.resetCode": "{{brand}}: tu código para restablecer la contraseña es {{code}}. Caduca en 1 hora.",
    "mail.registerAttempt.subject": "Alguien intentó registrarse con tu dirección de {{brand}}",
    "mail.registerAttempt.body":
      "Alguien intentó crear una cuenta nueva de {{brand}} con este correo electrónico, que ya tiene una cuenta. No se ha creado ninguna cuenta. Si fuiste tú, inicia sesión con tu nombre de usuario o tu correo, o elige una contraseña nueva aquí:",
    "mail.registerAttempt.action": "Restablecer mi contraseña",
    "sms.registerAttempt":
      "{{brand}}: alguien intentó crear una cuenta con este número de teléfono, que ya tiene una. No se ha creado ninguna cuenta. Si fuiste tú, inicia sesión o restablece tu contraseña.",
  },
} as const;
