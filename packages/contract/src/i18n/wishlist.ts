/** Messages of the wish list and "notify me": answers, the notice and the mail. */
export const wishlistMessages = {
  en: {
    "wishlist.added": "Added to your wish list",
    "wishlist.removed": "Removed from your wish list",
    "wishlist.enrolled": "You are already enrolled in this title",
    "wishlist.learnersOnly": "Only learners have a wish list",
    "notifyMe.on": "We will tell you when this title is published",
    "notifyMe.off": "You will not be told when this title is published",
    "notifyMe.notComingSoon": "This title is not coming soon: it is already published",
    "notice.coursePublished.title": "{{title}} is now available",
    "notice.coursePublished.description": "The title you asked about has been published. Take a look!",
    "mail.coursePublished.subject": "{{title}} is now available on {{brand}}",
    "mail.coursePublished.body":
      "You asked us to tell you when “{{title}}” was published. It is available now: enrol or add it to your cart from its page.",
    "mail.coursePublished.action": "See the title",
  },
  es: {
    "wishlist.added": "Añadido a tu lista de deseos",
    "wishlist.removed": "Quitado de tu lista de deseos",
    "wishlist.enrolled": "Ya estás inscrito en este título",
    "wishlist.learnersOnly": "Solo los alumnos tienen lista de deseos",
    "notifyMe.on": "Te avisaremos cuando este título se publique",
    "notifyMe.off": "No te avisaremos cuando este título se publique",
    "notifyMe.notComingSoon": "Este título no está por llegar: ya está publicado",
    "notice.coursePublished.title": "{{title}} ya está disponible",
    "notice.coursePublished.description":
      "El título por el que preguntaste se ha publicado. ¡Échale un vistazo!",
    "mail.coursePublished.subject": "{{title}} ya está disponible en {{brand}}",
    "mail.coursePublished.body":
      "Nos pediste que te avisáramos cuando se publicara «{{title}}». Ya está disponible: inscríbete o añádelo al carrito desde su página.",
    "mail.coursePublished.action": "Ver el título",
  },
} as const;
