/** Messages of the back office's reports (docs/administration.md, Reports). */
export const reportMessages = {
  en: {
    "reports.rangeOrder": "The end date must be on or after the start date",
    "reports.noSubject": "No subject",
  },
  es: {
    "reports.rangeOrder": "La fecha final debe ser igual o posterior a la inicial",
    "reports.noSubject": "Sin asunto",
  },
};
