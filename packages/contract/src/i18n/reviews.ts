/** Messages of ratings and reviews and the public pages' head texts (point 1). */
export const reviewMessages = {
  en: {
    "review.notEnrolled": "Enrol in this title to rate it",
    "review.progressRequired": "Complete at least {{percent}}% of the title to rate it",
    "review.learnersOnly": "Only learners can rate titles",
    "review.saved": "Thank you! Your rating was saved.",
    "review.notFound": "Review not found",
    "review.reported": "Thank you. Our team will look at this review.",
    "review.alreadyReported": "You have already reported this review",
    "review.ownReview": "You cannot report your own review",
    "review.hidden": "The review is hidden",
    "review.shown": "The review is visible again",
    "seo.homeTitle": "{{brand}}: learn online",
    "seo.homeDescription":
      "Log in or browse the catalogue: titles with video lectures, quizzes and certificates, rated by their learners.",
    "seo.catalogueTitle": "All titles | {{brand}}",
    "seo.catalogueDescription":
      "Browse every title: filter by category, price, level, language, length and rating, and search in English or Spanish.",
    "seo.courseTitle": "{{title}} | {{brand}}",
  },
  es: {
    "review.notEnrolled": "Inscríbete en este título para valorarlo",
    "review.progressRequired": "Completa al menos el {{percent}} % del título para valorarlo",
    "review.learnersOnly": "Solo los alumnos pueden valorar títulos",
    "review.saved": "¡Gracias! Tu valoración se ha guardado.",
    "review.notFound": "Reseña no encontrada",
    "review.reported": "Gracias. Nuestro equipo revisará esta reseña.",
    "review.alreadyReported": "Ya has denunciado esta reseña",
    "review.ownReview": "No puedes denunciar tu propia reseña",
    "review.hidden": "La reseña está oculta",
    "review.shown": "La reseña vuelve a estar visible",
    "seo.homeTitle": "{{brand}}: aprende en línea",
    "seo.homeDescription":
      "Inicia sesión o explora el catálogo: títulos con lecciones en vídeo, cuestionarios y certificados, valorados por sus alumnos.",
    "seo.catalogueTitle": "Todos los títulos | {{brand}}",
    "seo.catalogueDescription":
      "Explora todos los títulos: filtra por categoría, precio, nivel, idioma, duración y valoración, y busca en inglés o en español.",
    "seo.courseTitle": "{{title}} | {{brand}}",
  },
} as const;
