/** Messages of "My library": the stamp on a downloaded e-book (docs/shop.md, digital products). */
export const libraryMessages = {
  en: {
    "library.stamp": "Licensed to {{name}} · Order {{order}}",
    "library.stampNoOrder": "Licensed to {{name}}",
    "library.ebookLocked": "Reach this lecture in the title to read its e-book",
  },
  es: {
    "library.stamp": "Con licencia para {{name}} · Pedido {{order}}",
    "library.stampNoOrder": "Con licencia para {{name}}",
    "library.ebookLocked": "Llega a esta lección del curso para leer su libro electrónico",
  },
};
