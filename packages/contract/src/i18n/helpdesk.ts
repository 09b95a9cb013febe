/** Messages of the ticket desk's helpdesk tools: notes, canned replies, triage, merge, bulk actions. */
export const helpdeskMessages = {
  en: {
    "helpdesk.noteAdded": "The internal note has been added",
    "helpdesk.triageSaved": "Priority and tags have been saved",
    "helpdesk.cannedSaved": "The canned reply has been saved",
    "helpdesk.cannedDeleted": "The canned reply has been deleted",
    "helpdesk.cannedNotFound": "Canned reply not found",
    "helpdesk.merged": "{{reference}} has been merged into {{into}}",
    "helpdesk.mergeSelf": "A ticket cannot be merged into itself",
    "helpdesk.mergeOtherRequester": "Only tickets of the same requester can be merged",
    "helpdesk.mergeAlreadyMerged": "This ticket has already been merged into another one",
    "helpdesk.mergeTargetMerged": "That ticket was itself merged into another one: merge into that one",
    "helpdesk.bulkDone": "{{done}} of {{count}} tickets done",
    "helpdesk.notify.merged.title": "Your ticket {{reference}} continues in {{into}}",
    "helpdesk.notify.merged.body": "We merged two tickets about the same thing. Follow {{into}} from now on.",
    "helpdesk.mail.merged.subject": "Your support ticket {{reference}} continues in {{into}}",
    "helpdesk.mail.merged.body":
      "Hello,\n\nYour tickets {{reference}} and {{into}} asked about the same thing, so the {{brand}} support team merged them. Everything you wrote is now in {{into}}; follow it and reply with this private link:\n{{link}}\n\nThe {{brand}} support team",
  },
  es: {
    "helpdesk.noteAdded": "Se ha añadido la nota interna",
    "helpdesk.triageSaved": "Se han guardado la prioridad y las etiquetas",
    "helpdesk.cannedSaved": "Se ha guardado la respuesta predefinida",
    "helpdesk.cannedDeleted": "Se ha eliminado la respuesta predefinida",
    "helpdesk.cannedNotFound": "No se encontró la respuesta predefinida",
    "helpdesk.merged": "{{reference}} se ha unido a {{into}}",
    "helpdesk.mergeSelf": "Un ticket no se puede unir consigo mismo",
    "helpdesk.mergeOtherRequester": "Solo se pueden unir tickets del mismo solicitante",
    "helpdesk.mergeAlreadyMerged": "Este ticket ya se unió a otro",
    "helpdesk.mergeTargetMerged": "Ese ticket ya se unió a otro: únelo a ese",
    "helpdesk.bulkDone": "{{done}} de {{count}} tickets hechos",
    "helpdesk.notify.merged.title": "Tu ticket {{reference}} continúa en {{into}}",
    "helpdesk.notify.merged.body": "Unimos dos tickets sobre lo mismo. A partir de ahora, sigue {{into}}.",
    "helpdesk.mail.merged.subject": "Tu ticket de soporte {{reference}} continúa en {{into}}",
    "helpdesk.mail.merged.body":
      "Hola:\n\nTus tickets {{reference}} y {{into}} trataban lo mismo, así que el equipo de soporte de {{brand}} los unió. Todo lo que escribiste está ahora en {{into}}; síguelo y responde con este enlace privado:\n{{link}}\n\nEl equipo de soporte de {{brand}}",
  },
} as const;
