/** Messages of the notifications feature. */
export const notificationMessages = {
  en: {
    "notifications.notFound": "Notification not found",
    "notifications.globalNotFound": "This announcement does not exist or is no longer available",
  },
  es: {
    "notifications.notFound": "Notificación no encontrada",
    "notifications.globalNotFound": "Este anuncio no existe o ya no está disponible",
  },
} as const;
