/** Messages of captions, chapters, resources and manual completion of a lecture. */
export const lectureMediaMessages = {
  en: {
    "captions.saved": "Captions saved: {{count}} lines",
    "captions.notText": "The caption file must be WebVTT text (UTF-8), not a binary file.",
    "captions.signature": "This is not a WebVTT file: its first line must be “WEBVTT”.",
    "captions.timing":
      "Line {{line}} should time a caption like “00:01.000 --> 00:04.000” (minutes:seconds.milliseconds).",
    "captions.order": "Line {{line}}: the caption ends before it starts.",
    "captions.afterEnd": "Line {{line}}: the caption ends after the video, which lasts {{duration}} seconds.",
    "captions.empty": "The file has no captions in it.",
    "captions.noVideo": "Upload the lecture's video before its captions.",
    "captions.notFound": "This lecture has no captions in that language.",
    "chapters.afterEnd": "Chapter “{{title}}” starts after the end of the video ({{duration}} seconds).",
    "chapters.twice": "Two chapters start at the same second ({{start}}).",
    "resources.fileType": "Attach a PDF, a ZIP or a text or code file (.txt, .md, .csv, .json, .py, .js…).",
    "resources.notFound": "This resource does not exist or was removed.",
    "lecture.cannotComplete": "A lecture with a video is completed by watching it.",
    "lecture.markCompleteFirst": "Mark the lecture complete before the quiz",
  },
  es: {
    "captions.saved": "Subtítulos guardados: {{count}} líneas",
    "captions.notText": "El archivo de subtítulos debe ser texto WebVTT (UTF-8), no un archivo binario.",
    "captions.signature": "No es un archivo WebVTT: su primera línea debe ser «WEBVTT».",
    "captions.timing":
      "La línea {{line}} debería dar el tiempo de un subtítulo como «00:01.000 --> 00:04.000» (minutos:segundos.milisegundos).",
    "captions.order": "Línea {{line}}: el subtítulo termina antes de empezar.",
    "captions.afterEnd":
      "Línea {{line}}: el subtítulo termina después del vídeo, que dura {{duration}} segundos.",
    "captions.empty": "El archivo no contiene subtítulos.",
    "captions.noVideo": "Sube el vídeo de la lección antes que sus subtítulos.",
    "captions.notFound": "Esta lección no tiene subtítulos en ese idioma.",
    "chapters.afterEnd":
      "El capítulo «{{title}}» empieza después del final del vídeo ({{duration}} segundos).",
    "chapters.twice": "Dos capítulos empiezan en el mismo segundo ({{start}}).",
    "resources.fileType":
      "Adjunta un PDF, un ZIP o un archivo de texto o de código (.txt, .md, .csv, .json, .py, .js…).",
    "resources.notFound": "Este recurso no existe o se ha retirado.",
    "lecture.cannotComplete": "Una lección con vídeo se completa viéndolo.",
    "lecture.markCompleteFirst": "Marca la lección como completada antes del cuestionario",
  },
};
