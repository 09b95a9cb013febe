/** Messages of the weekly goal and the reminder and progress mails. */
export const goalMessages = {
  en: {
    "goal.saved": "Your weekly goal is saved",
    "goal.removed": "Your weekly goal is removed",
    "goal.mailsSaved": "Your email choices are saved",
    "unsubscribe.invalid": "This unsubscribe link is not valid. Change your emails in your profile instead.",
    "unsubscribe.done": "You will not receive this email any more",
    "mail.reminder.subject": "Your next lecture is waiting",
    "mail.reminder.body":
      "You have not learned on {{brand}} for {{days}} days. A few minutes today keep what you learned fresh.",
    "mail.reminder.bodyNoLecture":
      "You have not learned on {{brand}} for {{days}} days. Find a title to start with in the catalogue.",
    "mail.weekly.subject": "Your week on {{brand}}: {{minutes}} minutes",
    "mail.weekly.minutes": "Last week (from {{from}}) you learned for {{minutes}} minutes.",
    "mail.weekly.goalMet": "You met your goal of {{goal}} minutes. Well done!",
    "mail.weekly.goalMissed": "Your goal is {{goal}} minutes a week: this week is a new chance.",
    "mail.weekly.streak": "Weeks in a row meeting your goal: {{weeks}}.",
    "mail.learning.continue": "Continue with “{{lecture}}” in “{{course}}”.",
    "mail.learning.open": "Continue learning",
    "mail.learning.browse": "Browse titles",
    "mail.learning.unsubscribe": "Do not want these emails? Unsubscribe with one click: {{url}}",
  },
  es: {
    "goal.saved": "Tu objetivo semanal se ha guardado",
    "goal.removed": "Tu objetivo semanal se ha eliminado",
    "goal.mailsSaved": "Tus preferencias de correo se han guardado",
    "unsubscribe.invalid": "Este enlace para darte de baja no es válido. Cambia tus correos desde tu perfil.",
    "unsubscribe.done": "Ya no recibirás este correo",
    "mail.reminder.subject": "Tu próxima lección te espera",
    "mail.reminder.body":
      "Llevas {{days}} días sin aprender en {{brand}}. Unos minutos hoy mantienen fresco lo que aprendiste.",
    "mail.reminder.bodyNoLecture":
      "Llevas {{days}} días sin aprender en {{brand}}. Busca un título para empezar en el catálogo.",
    "mail.weekly.subject": "Tu semana en {{brand}}: {{minutes}} minutos",
    "mail.weekly.minutes": "La semana pasada (desde el {{from}}) aprendiste durante {{minutes}} minutos.",
    "mail.weekly.goalMet": "Has cumplido tu objetivo de {{goal}} minutos. ¡Enhorabuena!",
    "mail.weekly.goalMissed":
      "Tu objetivo es de {{goal}} minutos a la semana: esta semana es una nueva oportunidad.",
    "mail.weekly.streak": "Semanas seguidas cumpliendo tu objetivo: {{weeks}}.",
    "mail.learning.continue": "Continúa con «{{lecture}}» en «{{course}}».",
    "mail.learning.open": "Seguir aprendiendo",
    "mail.learning.browse": "Ver títulos",
    "mail.learning.unsubscribe": "¿No quieres estos correos? Date de baja con un clic: {{url}}",
  },
};
