/**
 * The text of the demo titles' e-books ("Lecture notes"), one set of pages per title keyed by its
 * English name: short, real study notes a learner can read and select in the e-book viewer. The
 * PDFs are drawn from this text at seed time (seed/ebook-notes.ts), so no binary is committed.
 * Titles taught in Spanish also carry their notes in Spanish.
 */
export type NotesPage = { heading: string; paragraphs: string[] };
export type TitleNotes = { en: NotesPage[]; es?: NotesPage[] };

export const titleNotes: Record<string, TitleNotes> = {
  "Everyday Spanish": {
    en: [
      {
        heading: "Greetings and the time of day",
        paragraphs: [
          'Spanish greetings change with the time of day. Use "buenos días" until lunch, "buenas tardes" from lunch until dark and "buenas noches" after dark, both to say hello and goodbye. "Hola" works at any time and is friendlier.',
          'Choose between "tú" and "usted". Use "tú" with friends, family, children and people of your age in relaxed settings; use "usted" with older people, in shops and offices, or whenever you are unsure. The verb changes with it: "¿Cómo estás?" to a friend, "¿Cómo está?" to a stranger.',
          'Practise aloud: greet three imaginary people at 9:00, 15:00 and 22:00, once with "tú" and once with "usted", and answer each with "Muy bien, gracias, ¿y tú?" or "¿y usted?".',
        ],
      },
      {
        heading: "Asking for things politely",
        paragraphs: [
          'The most useful structure in a café or a shop is "¿Me pone...?" (in Spain) or "¿Me da...?" (in most of Latin America), followed by what you want: "¿Me pone un café con leche, por favor?". "Quisiera..." (I would like) is polite everywhere.',
          'Numbers and prices: learn to hear "son dos euros con cincuenta" (2.50). Ask "¿Cuánto es?" for the total and "¿Puedo pagar con tarjeta?" to pay by card.',
          "Review: write five requests you would make on a normal day, say them aloud, then replace the object in each (un té, una botella de agua, el menú del día) to build fluency.",
        ],
      },
    ],
    es: [
      {
        heading: "Saludos y cortesía",
        paragraphs: [
          "Los saludos cambian con la hora: «buenos días» hasta la comida, «buenas tardes» hasta que anochece y «buenas noches» después, tanto para saludar como para despedirse. «Hola» sirve siempre y es más cercano.",
          "Elige entre «tú» y «usted». «Tú» con amigos, familia y gente de tu edad; «usted» con personas mayores, en tiendas y oficinas, o cuando dudes. El verbo cambia: «¿Cómo estás?» a un amigo, «¿Cómo está?» a un desconocido.",
          "En un bar o una tienda, di «¿Me pone...?» (España) o «¿Me da...?» (gran parte de Latinoamérica) y lo que quieres: «¿Me pone un café con leche, por favor?». «Quisiera...» es cortés en todas partes. Para pagar: «¿Cuánto es?» y «¿Puedo pagar con tarjeta?».",
        ],
      },
    ],
  },
  "Algebra Foundations": {
    en: [
      {
        heading: "Expressions and variables",
        paragraphs: [
          'A variable is a letter standing for a number we do not know yet, or one that can change. An expression combines numbers and variables with operations: 3x + 2 means "three times x, plus two". It has no equals sign, so we simplify it rather than solve it.',
          "Like terms have the same variable raised to the same power: 4x and -7x are like terms, 4x and 4x² are not. Simplify by adding their coefficients: 4x - 7x + 5 = -3x + 5.",
          "Order of operations: brackets first, then powers, then multiplication and division from left to right, then addition and subtraction from left to right. 2 + 3 × 4 is 14, not 20.",
        ],
      },
      {
        heading: "Solving linear equations",
        paragraphs: [
          "An equation says two expressions are equal. Solving it means finding the value of the variable that makes it true. Whatever you do to one side, do to the other: the balance stays level.",
          "Worked example: 3x + 5 = 20. Subtract 5 from both sides: 3x = 15. Divide both sides by 3: x = 5. Check by substituting: 3 × 5 + 5 = 20.",
          "Practice: solve 2x - 7 = 9, 5(x + 1) = 30 and x/4 + 3 = 6, and check each answer by substitution. (Answers: 8, 5, 12.)",
        ],
      },
    ],
  },
  "Digital Photography": {
    en: [
      {
        heading: "The exposure triangle",
        paragraphs: [
          "Three settings decide how bright a photograph is. The aperture (f-number) is the opening of the lens: a small number such as f/2 lets in much light and blurs the background; f/11 lets in less and keeps more in focus.",
          "Shutter speed is how long the sensor is exposed. 1/1000 s freezes a runner; 1/15 s blurs moving water and needs a steady hand or a tripod. ISO is the sensor's amplification: raise it in dim light, at the cost of grain.",
          'Changing one setting by a "stop" doubles or halves the light; keep the exposure the same by changing another setting a stop the other way.',
        ],
      },
      {
        heading: "Composition",
        paragraphs: [
          "The rule of thirds divides the frame with two horizontal and two vertical lines; placing the subject or the horizon on a line usually feels more balanced than the centre.",
          "Leading lines (roads, rails, rivers) draw the eye into the picture. Check the edges of the frame before pressing the shutter: a cut-off foot or a stray sign pulls attention away.",
          "Exercise: take the same subject three times, with the horizon on the top line, in the centre and on the bottom line, and compare which tells the story best.",
        ],
      },
    ],
  },
  "Home Cooking Basics": {
    en: [
      {
        heading: "Knife skills and mise en place",
        paragraphs: [
          "Mise en place means having everything ready before you cook: vegetables washed and cut, spices measured, pans out. Cooking then becomes calm, because nothing burns while you chop.",
          'Hold the knife by the blade\'s base with thumb and forefinger pinching it, and curl the fingers of the other hand into a "claw" so the knuckles guide the blade. A sharp knife is safer than a blunt one: it does not slip.',
          "Cut pieces of the same size so they cook evenly: a dice of 1 cm for soups and stews, thin slices for quick stir-fries.",
        ],
      },
      {
        heading: "Heat, salt and tasting",
        paragraphs: [
          "Preheat the pan before adding oil, and the oil before adding food: a hot pan browns, a cold one stews. Do not crowd the pan, or the food steams in its own water.",
          "Season in stages, a little salt at each step, and taste as you go. Acid (lemon, vinegar) at the end brightens a dish that tastes flat; a dish that tastes harsh may need a pinch of sugar or more fat.",
          "Food safety: keep raw meat apart from ready-to-eat food, cook chicken until the juices run clear (75 °C inside), and cool leftovers within two hours.",
        ],
      },
    ],
  },
  "Public Speaking": {
    en: [
      {
        heading: "Structure a talk",
        paragraphs: [
          "Start from one sentence: what should the audience think, feel or do after your talk? Every part of the talk should serve that sentence; cut whatever does not.",
          "A simple structure: open with a question, a story or a surprising fact; make two or three points, each with an example; close by repeating the main message and saying what to do next.",
          "Write notes as keywords, not full sentences, so you talk to people instead of reading to them.",
        ],
      },
      {
        heading: "Delivery and nerves",
        paragraphs: [
          "Nerves are energy. Breathe out slowly before you start, stand with both feet on the floor and look at one friendly face for a whole sentence before moving to the next.",
          'Pause: a two-second silence after an important point lets it land and feels much shorter to the audience than to you. Replace "um" with a pause.',
          "Rehearse aloud at least three times, once in front of someone, and time yourself: most talks run longer on the day than in practice.",
        ],
      },
    ],
  },
  "Python Programming for Beginners": {
    en: [
      {
        heading: "Values, variables and input",
        paragraphs: [
          'A program is a list of instructions Python runs from top to bottom. print("Hola") shows a text; a variable keeps a value under a name: edad = 30. Names are lower case with underscores: precio_total.',
          'Python has types: whole numbers (int), decimals (float), texts (str) and True or False (bool). input() always returns a text, so convert it before doing sums: edad = int(input("¿Cuántos años tienes? ")).',
          'Practice: ask for a name and a year of birth, then print "Hola, Ana: tienes 30 años" with an f-string: print(f"Hola, {nombre}: tienes {2026 - nacimiento} años").',
        ],
      },
      {
        heading: "Decisions and loops",
        paragraphs: [
          "if, elif and else choose what to run; the indented lines belong to each branch. Compare with ==, !=, <, <=, > and >=, and combine conditions with and, or and not.",
          "while repeats while a condition is true; for walks through a sequence: for i in range(1, 6): print(i) prints 1 to 5. Use break to leave a loop early.",
          'The number-guessing game puts both together: pick a secret number with random.randint(1, 100), loop until the guess is right, and say "más alto" or "más bajo" after each try.',
        ],
      },
    ],
    es: [
      {
        heading: "Resumen en español",
        paragraphs: [
          "Un programa es una lista de instrucciones que Python ejecuta de arriba abajo. Una variable guarda un valor con un nombre: edad = 30. input() devuelve siempre un texto: conviértelo con int() antes de hacer cuentas.",
          "if, elif y else deciden qué se ejecuta; las líneas con sangría pertenecen a cada rama. while repite mientras una condición se cumple y for recorre una secuencia, como range(1, 6).",
          "Ejercicio: escribe el juego de adivinar un número entre 1 y 100 con random.randint, diciendo «más alto» o «más bajo» tras cada intento y contando los intentos.",
        ],
      },
    ],
  },
};
