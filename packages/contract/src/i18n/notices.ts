/**
 * Mails and in-app notices that tell a learner about their orders, refunds, deliveries, password and
 * support replies. `mail.*` keys are mails, `notice.*` keys are panel notices.
 */
export const noticeMessages = {
  en: {
    "mail.forGuardian": "You receive this message as the guardian of {{name}} ({{username}}) on {{brand}}.",
    "mail.orderPaid.subject": "Your {{brand}} order {{order}}: receipt",
    "mail.orderPaid.body":
      "Thank you for your order {{order}}. We received your payment of £{{total}} on {{date}}. Your receipt is attached to this mail as a PDF; you can also find it in your purchase history.",
    "mail.orderPaid.bodyGuest":
      "Thank you for your order {{order}}. We received your payment of £{{total}} on {{date}}.",
    "mail.orderPaid.action": "See my purchases",
    "notice.orderPaid.title": "Thank you for your order {{order}}",
    "notice.orderPaid.description":
      "We received your payment of £{{total}}. Your receipt is in your purchase history.",
    "mail.refund.full.subject": "Full refund of your {{brand}} order {{order}}",
    "mail.refund.partial.subject": "Partial refund of your {{brand}} order {{order}}",
    "mail.refund.full.body":
      "We refunded your order {{order}} in full: £{{amount}}. Card refunds can take 5 to 10 working days to show on your statement; sponsorship credit is back in your account at once.",
    "mail.refund.partial.body":
      "We refunded part of your order {{order}}: £{{amount}}. Card refunds can take 5 to 10 working days to show on your statement; sponsorship credit is back in your account at once.",
    "mail.refund.rest.subject": "Your {{brand}} order {{order}} is now refunded in full",
    "mail.refund.rest.body":
      "We refunded the rest of your order {{order}}: £{{amount}}. With the earlier refund, the whole order is now refunded. Card refunds can take 5 to 10 working days to show on your statement; sponsorship credit is back in your account at once.",
    "mail.refund.action": "See my purchases",
    "notice.refund.rest.title": "Order {{order}} now refunded in full",
    "notice.refund.full.title": "Full refund of order {{order}}",
    "notice.refund.partial.title": "Partial refund of order {{order}}",
    "notice.refund.description": "£{{amount}} is on its way back to you.",
    "mail.shipped.subject": "Your {{brand}} order {{order}} is on its way",
    "mail.shipped.body": "Your printed books from order {{order}} have left our warehouse.",
    "mail.shipped.tracking": "Carrier: {{carrier}}. Tracking reference: {{tracking}}.",
    "mail.shipped.trackingOnly": "Tracking reference: {{tracking}}.",
    "mail.shipped.action": "See my purchases",
    "mail.passwordChanged.subject": "Your {{brand}} password was changed",
    "mail.passwordChanged.body":
      "The password of your {{brand}} account ({{username}}) was changed on {{date}}. Every other session was logged out.",
    "mail.passwordReset.body":
      "The password of your {{brand}} account ({{username}}) was reset with a reset link or code on {{date}}. Every session was logged out.",
    "mail.passwordChanged.notYou":
      "If this was not you, choose a new password now with the button below and tell our support team.",
    "mail.passwordChanged.action": "Choose a new password",
    "notice.passwordChanged.title": "Your password was changed",
    "notice.passwordChanged.description":
      "If this was not you, reset your password at once and contact support.",
    "mail.supportReply.subject": "New reply to your {{brand}} ticket {{reference}}",
    "mail.supportReply.body": "Our support team replied to your ticket {{reference}}:",
    "mail.supportReply.action": "Open the ticket",
    "mail.notice.footer": "You receive this mail because you have an account on {{brand}}.",
  },
  es: {
    "mail.forGuardian": "Recibes este mensaje como tutor o tutora de {{name}} ({{username}}) en {{brand}}.",
    "mail.orderPaid.subject": "Tu pedido {{order}} de {{brand}}: recibo",
    "mail.orderPaid.body":
      "Gracias por tu pedido {{order}}. Hemos recibido tu pago de {{total}} £ el {{date}}. El recibo va adjunto a este correo en PDF; también lo encontrarás en tu historial de compras.",
    "mail.orderPaid.bodyGuest":
      "Gracias por tu pedido {{order}}. Hemos recibido tu pago de {{total}} £ el {{date}}.",
    "mail.orderPaid.action": "Ver mis compras",
    "notice.orderPaid.title": "Gracias por tu pedido {{order}}",
    "notice.orderPaid.description":
      "Hemos recibido tu pago de {{total}} £. El recibo está en tu historial de compras.",
    "mail.refund.full.subject": "Reembolso total de tu pedido {{order}} de {{brand}}",
    "mail.refund.partial.subject": "Reembolso parcial de tu pedido {{order}} de {{brand}}",
    "mail.refund.full.body":
      "Hemos reembolsado tu pedido {{order}} por completo: {{amount}} £. Los reembolsos a tarjeta pueden tardar de 5 a 10 días hábiles en aparecer en tu extracto; el crédito de patrocinio vuelve a tu cuenta al momento.",
    "mail.refund.partial.body":
      "Hemos reembolsado una parte de tu pedido {{order}}: {{amount}} £. Los reembolsos a tarjeta pueden tardar de 5 a 10 días hábiles en aparecer en tu extracto; el crédito de patrocinio vuelve a tu cuenta al momento.",
    "mail.refund.rest.subject": "Tu pedido {{order}} de {{brand}} ya está reembolsado por completo",
    "mail.refund.rest.body":
      "Hemos reembolsado el resto de tu pedido {{order}}: {{amount}} £. Con el reembolso anterior, todo el pedido queda reembolsado. Los reembolsos a tarjeta pueden tardar de 5 a 10 días hábiles en aparecer en tu extracto; el crédito de patrocinio vuelve a tu cuenta al momento.",
    "mail.refund.action": "Ver mis compras",
    "notice.refund.rest.title": "Pedido {{order}} reembolsado por completo",
    "notice.refund.full.title": "Reembolso total del pedido {{order}}",
    "notice.refund.partial.title": "Reembolso parcial del pedido {{order}}",
    "notice.refund.description": "Te devolvemos {{amount}} £.",
    "mail.shipped.subject": "Tu pedido {{order}} de {{brand}} está en camino",
    "mail.shipped.body": "Los libros impresos de tu pedido {{order}} han salido de nuestro almacén.",
    "mail.shipped.tracking": "Transportista: {{carrier}}. Número de seguimiento: {{tracking}}.",
    "mail.shipped.trackingOnly": "Número de seguimiento: {{tracking}}.",
    "mail.shipped.action": "Ver mis compras",
    "mail.passwordChanged.subject": "Se ha cambiado tu contraseña de {{brand}}",
    "mail.passwordChanged.body":
      "La contraseña de tu cuenta de {{brand}} ({{username}}) se cambió el {{date}}. Se han cerrado las demás sesiones.",
    "mail.passwordReset.body":
      "La contraseña de tu cuenta de {{brand}} ({{username}}) se restableció con un enlace o código el {{date}}. Se han cerrado todas las sesiones.",
    "mail.passwordChanged.notYou":
      "Si no has sido tú, elige ahora una contraseña nueva con el botón de abajo y avisa a nuestro equipo de soporte.",
    "mail.passwordChanged.action": "Elegir una contraseña nueva",
    "notice.passwordChanged.title": "Se ha cambiado tu contraseña",
    "notice.passwordChanged.description":
      "Si no has sido tú, restablece tu contraseña de inmediato y contacta con soporte.",
    "mail.supportReply.subject": "Nueva respuesta en tu ticket {{reference}} de {{brand}}",
    "mail.supportReply.body": "Nuestro equipo de soporte ha respondido a tu ticket {{reference}}:",
    "mail.supportReply.action": "Abrir el ticket",
    "mail.notice.footer": "Recibes este correo porque tienes una cuenta en {{brand}}.",
  },
} as const;
