/** Messages of the delivery record (outbox) for administrators. */
export const messagingMessages = {
  en: {
    "messaging.retryQueued": "The message is queued for another delivery attempt.",
    "messaging.notFailed": "Only a message whose delivery failed can be sent again.",
    "messaging.noDriver":
      "Nothing is configured to deliver this message: set SMTP_URL for mail or SMS_PROVIDER for SMS.",
    "messaging.notFound": "There is no such message.",
  },
  es: {
    "messaging.retryQueued": "El mensaje está en cola para otro intento de entrega.",
    "messaging.notFailed": "Solo se puede volver a enviar un mensaje cuya entrega ha fallado.",
    "messaging.noDriver":
      "No hay nada configurado para entregar este mensaje: define SMTP_URL para el correo o SMS_PROVIDER para los SMS.",
    "messaging.notFound": "No existe ese mensaje.",
  },
} as const;
