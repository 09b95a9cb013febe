/**
 * What the demo lectures say and show: one narrated lecture per demo title, slide by slide, each
 * sentence in English (spoken and captioned) with its Spanish caption. Chapters are the slides.
 */
export type Slide = { title: [string, string]; points: string[]; say: Array<[en: string, es: string]> };
export type Lecture = { slug: string; palette: [bg: string, ink: string, accent: string]; slides: Slide[] };

export const lectures: Lecture[] = [
  {
    slug: "spanish",
    palette: ["#12395b", "#ffffff", "#f4b942"],
    slides: [
      {
        title: ["Hello and goodbye", "Hola y adiós"],
        points: ["Hola · Buenos días", "Buenas tardes · Buenas noches", "Adiós · Hasta luego"],
        say: [
          [
            "Welcome to Everyday Spanish. Today we learn to greet people.",
            "Bienvenidos a Español cotidiano. Hoy aprendemos a saludar.",
          ],
          [
            "Hola means hello, and you can use it with anyone, at any time of day.",
            "Hola sirve para saludar a cualquiera, a cualquier hora del día.",
          ],
          [
            "In the morning say buenos días. In the afternoon, buenas tardes.",
            "Por la mañana decimos buenos días. Por la tarde, buenas tardes.",
          ],
        ],
      },
      {
        title: ["Introducing yourself", "Presentarse"],
        points: ["Me llamo Ana", "Soy de Madrid", "Mucho gusto"],
        say: [
          [
            "To say your name, use me llamo, followed by your name.",
            "Para decir tu nombre, usa me llamo y después tu nombre.",
          ],
          [
            "To say where you are from, use soy de, and the name of your city.",
            "Para decir de dónde eres, usa soy de y el nombre de tu ciudad.",
          ],
          [
            "When you meet someone new, say mucho gusto: pleased to meet you.",
            "Cuando conoces a alguien, di mucho gusto.",
          ],
          [
            "To ask someone their name, say: cómo te llamas? It means: what is your name?",
            "Para preguntar el nombre de alguien, di: ¿cómo te llamas?",
          ],
          [
            "And to ask how they are, say: qué tal? The usual answer is: muy bien, gracias.",
            "Y para preguntar cómo está, di: ¿qué tal? La respuesta habitual es: muy bien, gracias.",
          ],
        ],
      },
      {
        title: ["Numbers one to five", "Los números del uno al cinco"],
        points: ["uno · dos · tres", "cuatro · cinco", "¿Cuántos? How many?"],
        say: [
          ["Let us count: uno, dos, tres, cuatro, cinco.", "Vamos a contar: uno, dos, tres, cuatro, cinco."],
          [
            "Practise by counting things around you, out loud, every day.",
            "Practica contando en voz alta lo que te rodea, cada día.",
          ],
          [
            "To ask how many, say cuántos. For example: cuántos cafés? Dos, por favor.",
            "Para preguntar una cantidad, di cuántos. Por ejemplo: ¿cuántos cafés? Dos, por favor.",
          ],
        ],
      },
      {
        title: ["Your turn", "Tu turno"],
        points: ["Greet a friend", "Say your name and city", "Count to five"],
        say: [
          [
            "Now it is your turn. Greet a friend, say your name and count to five.",
            "Ahora te toca. Saluda a un amigo, di tu nombre y cuenta hasta cinco.",
          ],
          ["See you in the next lecture. Hasta luego!", "Nos vemos en la próxima lección. ¡Hasta luego!"],
        ],
      },
    ],
  },
  {
    slug: "algebra",
    palette: ["#1f2a44", "#ffffff", "#5ec2b7"],
    slides: [
      {
        title: ["What is a variable?", "¿Qué es una variable?"],
        points: ["x stands for a number", "We do not know it yet", "Letters: x, y, n"],
        say: [
          [
            "Welcome to Algebra Foundations. We start with variables.",
            "Bienvenidos a Fundamentos de álgebra. Empezamos con las variables.",
          ],
          [
            "A variable is a letter that stands for a number we do not know yet.",
            "Una variable es una letra que representa un número que aún no conocemos.",
          ],
          [
            "We often use x, y or n, but any letter works.",
            "Solemos usar x, y o n, pero sirve cualquier letra.",
          ],
        ],
      },
      {
        title: ["Expressions", "Expresiones"],
        points: ["2x + 3", "If x = 4: 2·4 + 3 = 11", "Substitute, then calculate"],
        say: [
          [
            "An expression combines numbers and variables, like two x plus three.",
            "Una expresión combina números y variables, como dos x más tres.",
          ],
          [
            "If x is four, two times four plus three gives eleven.",
            "Si x vale cuatro, dos por cuatro más tres da once.",
          ],
          [
            "So to evaluate an expression: substitute, then calculate.",
            "Para evaluar una expresión: sustituye y después calcula.",
          ],
          [
            "Remember the order: multiply before you add, unless brackets say otherwise.",
            "Recuerda el orden: multiplica antes de sumar, salvo que los paréntesis digan otra cosa.",
          ],
        ],
      },
      {
        title: ["Solving an equation", "Resolver una ecuación"],
        points: ["2x + 3 = 11", "2x = 8", "x = 4"],
        say: [
          [
            "An equation says two expressions are equal. Let us solve two x plus three equals eleven.",
            "Una ecuación dice que dos expresiones son iguales. Resolvamos dos x más tres igual a once.",
          ],
          [
            "Take three from both sides: two x equals eight. Divide both sides by two: x equals four.",
            "Resta tres en los dos lados: dos x igual a ocho. Divide entre dos: x igual a cuatro.",
          ],
        ],
      },
      {
        title: ["Check your answer", "Comprueba tu respuesta"],
        points: ["Put x = 4 back", "2·4 + 3 = 11 ✓", "Always check"],
        say: [
          [
            "Always check: put four back into the equation. Two times four plus three is eleven. Correct!",
            "Comprueba siempre: pon cuatro en la ecuación. Dos por cuatro más tres es once. ¡Correcto!",
          ],
          [
            "Checking takes a few seconds and catches most mistakes. Try the practice questions next.",
            "Comprobar lleva unos segundos y detecta la mayoría de los errores. Prueba ahora los ejercicios.",
          ],
        ],
      },
    ],
  },
  {
    slug: "photography",
    palette: ["#2b2118", "#fff8ef", "#e07a3f"],
    slides: [
      {
        title: ["The exposure triangle", "El triángulo de exposición"],
        points: ["Aperture", "Shutter speed", "ISO"],
        say: [
          [
            "Welcome to Digital Photography. Every photo is shaped by three settings.",
            "Bienvenidos a Fotografía digital. Cada foto depende de tres ajustes.",
          ],
          [
            "Aperture, shutter speed and ISO together decide how bright your picture is.",
            "La apertura, la velocidad de obturación y el ISO deciden juntos el brillo de la foto.",
          ],
        ],
      },
      {
        title: ["Aperture", "Apertura"],
        points: ["f/1.8: wide, blurred background", "f/11: narrow, all sharp", "Controls depth of field"],
        say: [
          [
            "The aperture is the opening in the lens. A wide opening like f one point eight lets in more light.",
            "La apertura es la abertura del objetivo. Una abertura amplia como f uno coma ocho deja pasar más luz.",
          ],
          [
            "It also blurs the background, which is lovely for portraits.",
            "También desenfoca el fondo, algo precioso en los retratos.",
          ],
          [
            "Small openings like f eleven keep everything sharp, from the flowers in front to the mountains behind.",
            "Las aberturas pequeñas como f once lo mantienen todo nítido, desde las flores delante hasta las montañas detrás.",
          ],
        ],
      },
      {
        title: ["Shutter speed", "Velocidad de obturación"],
        points: ["1/1000 s freezes motion", "1/30 s shows movement", "Use a tripod when slow"],
        say: [
          [
            "Shutter speed is how long the sensor sees the light. One thousandth of a second freezes a runner.",
            "La velocidad de obturación es el tiempo que el sensor recibe luz. Una milésima de segundo congela a un corredor.",
          ],
          [
            "Slow speeds show movement, so hold the camera still or use a tripod.",
            "Las velocidades lentas muestran el movimiento: sujeta bien la cámara o usa un trípode.",
          ],
        ],
      },
      {
        title: ["ISO", "ISO"],
        points: ["ISO 100: clean, needs light", "ISO 3200: bright, grainy", "Raise it last"],
        say: [
          [
            "ISO makes the sensor more sensitive. High values brighten dark scenes but add grain.",
            "El ISO hace el sensor más sensible. Los valores altos aclaran escenas oscuras pero añaden grano.",
          ],
          [
            "Set aperture and shutter first, and raise ISO last.",
            "Ajusta primero la apertura y la velocidad, y sube el ISO al final.",
          ],
          [
            "Change one setting at a time, take a photo, and compare. That is the fastest way to learn.",
            "Cambia un ajuste cada vez, haz una foto y compara. Es la forma más rápida de aprender.",
          ],
        ],
      },
    ],
  },
  {
    slug: "python",
    palette: ["#15302b", "#f5fff9", "#ffd43b"],
    slides: [
      {
        title: ["Your first program", "Tu primer programa"],
        points: ['print("Hola, mundo")', "Run it: python hola.py", "Python reads top to bottom"],
        say: [
          [
            "Welcome to Python for beginners. Let us write a first program.",
            "Bienvenidos a Python para principiantes. Escribamos un primer programa.",
          ],
          [
            "The print function shows text on the screen. Save it in a file and run it with python.",
            "La función print muestra texto en pantalla. Guárdalo en un archivo y ejecútalo con python.",
          ],
        ],
      },
      {
        title: ["Variables", "Variables"],
        points: ['name = "Ana"', "age = 30", "print(name, age)"],
        say: [
          [
            "A variable keeps a value under a name. Here, name holds Ana and age holds thirty.",
            "Una variable guarda un valor con un nombre. Aquí, name guarda Ana y age guarda treinta.",
          ],
          [
            "You can print variables, change them and use them in calculations.",
            "Puedes imprimir variables, cambiarlas y usarlas en cálculos.",
          ],
          [
            "Choose names that say what the value means. Your future self will thank you.",
            "Elige nombres que digan qué significa el valor. Tu yo del futuro te lo agradecerá.",
          ],
        ],
      },
      {
        title: ["Decisions", "Decisiones"],
        points: ["if age >= 18:", '    print("adult")', "else: ..."],
        say: [
          [
            "With if, your program decides. If age is eighteen or more, it prints adult.",
            "Con if, tu programa decide. Si la edad es dieciocho o más, imprime adulto.",
          ],
          [
            "The indented lines belong to the if. Indentation matters in Python.",
            "Las líneas con sangría pertenecen al if. En Python la sangría importa.",
          ],
          [
            "Add elif to check another condition, and else for everything left over.",
            "Añade elif para comprobar otra condición, y else para todo lo demás.",
          ],
        ],
      },
      {
        title: ["Loops", "Bucles"],
        points: ["for n in range(3):", "    print(n)", "0 1 2"],
        say: [
          [
            "A for loop repeats. For n in range three prints zero, one and two.",
            "Un bucle for repite. For n in range tres imprime cero, uno y dos.",
          ],
          [
            "Loops save you from writing the same line again and again.",
            "Los bucles te ahorran escribir la misma línea una y otra vez.",
          ],
          [
            "Try changing the numbers and see what happens. Happy coding!",
            "Prueba a cambiar los números y mira qué pasa. ¡A programar!",
          ],
        ],
      },
    ],
  },
];
