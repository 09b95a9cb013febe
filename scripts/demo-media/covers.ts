/** The demo titles' cover illustrations (1280×720 SVG, rasterised to JPEG by generate.ts). */
const frame = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg}" stop-opacity="0.8"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#sky)"/>${body}</svg>`;

export const covers: Record<string, string> = {
  // Two speech bubbles over a town with a sun: greetings in Spanish.
  spanish: frame(
    "#f7c873",
    `<circle cx="1040" cy="170" r="110" fill="#f08a24"/>
<path d="M0 560 L140 480 L260 540 L420 450 L560 530 L720 470 L900 540 L1060 480 L1280 540 L1280 720 L0 720 Z" fill="#c8553d"/>
<g fill="#8c2f1b"><rect x="120" y="520" width="90" height="200"/><rect x="240" y="490" width="120" height="230"/><rect x="400" y="540" width="80" height="180"/><rect x="860" y="510" width="110" height="210"/><rect x="1000" y="540" width="140" height="180"/></g>
<g fill="#fde6b8"><rect x="140" y="550" width="18" height="26"/><rect x="172" y="550" width="18" height="26"/><rect x="262" y="520" width="20" height="28"/><rect x="300" y="520" width="20" height="28"/><rect x="262" y="570" width="20" height="28"/><rect x="300" y="570" width="20" height="28"/><rect x="880" y="540" width="20" height="28"/><rect x="920" y="540" width="20" height="28"/><rect x="1030" y="570" width="22" height="30"/><rect x="1080" y="570" width="22" height="30"/></g>
<path d="M210 120 h380 a40 40 0 0 1 40 40 v130 a40 40 0 0 1 -40 40 h-250 l-70 60 l10 -60 h-70 a40 40 0 0 1 -40 -40 v-130 a40 40 0 0 1 40 -40z" fill="#ffffff"/>
<text x="400" y="258" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#c8553d">¡Hola!</text>
<path d="M620 300 h300 a36 36 0 0 1 36 36 v100 a36 36 0 0 1 -36 36 h-60 l10 50 l-70 -50 h-180 a36 36 0 0 1 -36 -36 v-100 a36 36 0 0 1 36 -36z" fill="#12395b"/>
<text x="770" y="410" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff">Hello!</text>`,
  ),
  // A chalkboard with an equation and a plotted line.
  algebra: frame(
    "#1f2a44",
    `<rect x="90" y="90" width="1100" height="540" rx="18" fill="#24453b" stroke="#8a6a3f" stroke-width="22"/>
<g stroke="#e9f5ec" stroke-opacity="0.25" stroke-width="2">${Array.from({ length: 9 }, (_, i) => `<line x1="${700 + i * 50}" y1="150" x2="${700 + i * 50}" y2="560"/>`).join("")}${Array.from({ length: 9 }, (_, i) => `<line x1="700" y1="${160 + i * 50}" x2="1100" y2="${160 + i * 50}"/>`).join("")}</g>
<line x1="700" y1="510" x2="1110" y2="510" stroke="#e9f5ec" stroke-width="4"/><line x1="750" y1="150" x2="750" y2="560" stroke="#e9f5ec" stroke-width="4"/>
<path d="M730 550 L1090 180" stroke="#5ec2b7" stroke-width="10" stroke-linecap="round"/>
<circle cx="900" cy="375" r="14" fill="#f4b942"/>
<text x="150" y="270" font-family="DejaVu Sans" font-size="88" fill="#ffffff">2x + 3 = 11</text>
<text x="150" y="390" font-family="DejaVu Sans" font-size="88" fill="#f4b942">x = 4</text>
<text x="150" y="500" font-family="DejaVu Sans" font-size="56" fill="#e9f5ec" opacity="0.75">y = mx + b</text>
<rect x="980" y="610" width="120" height="20" rx="6" fill="#f2f2f2"/>`,
  ),
  // A camera with a large lens, and an aperture diagram.
  photography: frame(
    "#2b2118",
    `<circle cx="1060" cy="160" r="90" fill="#e07a3f" opacity="0.35"/>
<rect x="260" y="230" width="760" height="400" rx="50" fill="#3f3f46"/>
<rect x="380" y="170" width="220" height="90" rx="20" fill="#3f3f46"/>
<rect x="860" y="200" width="100" height="50" rx="12" fill="#e07a3f"/>
<rect x="300" y="290" width="120" height="60" rx="10" fill="#18181b"/>
<circle cx="640" cy="430" r="190" fill="#18181b"/><circle cx="640" cy="430" r="150" fill="#27272a" stroke="#a1a1aa" stroke-width="6"/>
<g fill="#52525b" stroke="#18181b" stroke-width="4">${Array.from({ length: 6 }, (_, i) => `<path transform="rotate(${i * 60} 640 430)" d="M640 430 L640 300 A130 130 0 0 1 752 365 Z"/>`).join("")}</g>
<circle cx="640" cy="430" r="48" fill="#0b1120"/><circle cx="615" cy="405" r="16" fill="#ffffff" opacity="0.7"/>
<text x="1000" y="600" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#fff8ef">f/1.8</text>`,
  ),
  // A steaming pot, a chopping board with vegetables and a knife.
  cooking: frame(
    "#fbe3c8",
    `<rect x="0" y="520" width="1280" height="200" fill="#b5835a"/>
<g fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.9"><path d="M330 250 q-30 -50 0 -100 q30 -50 0 -100"/><path d="M420 250 q-30 -50 0 -100 q30 -50 0 -100"/><path d="M510 250 q-30 -50 0 -100 q30 -50 0 -100"/></g>
<rect x="230" y="300" width="380" height="240" rx="30" fill="#c0392b"/><rect x="200" y="280" width="440" height="40" rx="18" fill="#962d22"/>
<rect x="150" y="360" width="90" height="28" rx="14" fill="#962d22"/><rect x="600" y="360" width="90" height="28" rx="14" fill="#962d22"/>
<rect x="720" y="430" width="460" height="110" rx="20" fill="#deb887"/>
<circle cx="820" cy="440" r="55" fill="#e74c3c"/><path d="M820 385 l10 -25" stroke="#27ae60" stroke-width="10"/>
<ellipse cx="960" cy="455" rx="70" ry="35" fill="#f39c12"/><circle cx="1080" cy="450" r="40" fill="#27ae60"/>
<rect x="760" y="560" width="300" height="26" rx="8" fill="#bdc3c7"/><rect x="1060" y="556" width="120" height="34" rx="10" fill="#2c3e50"/>`,
  ),
  // A microphone at a podium under a spotlight, with an audience.
  speaking: frame(
    "#241a3a",
    `<path d="M640 0 L380 720 L900 720 Z" fill="#fff3c4" opacity="0.16"/>
<rect x="500" y="420" width="280" height="300" rx="12" fill="#6b4fa0"/><rect x="470" y="400" width="340" height="40" rx="10" fill="#8c6cc7"/>
<path d="M640 400 L640 300" stroke="#d4d4d8" stroke-width="10"/><path d="M640 300 q0 -40 40 -60" stroke="#d4d4d8" stroke-width="8" fill="none"/>
<rect x="660" y="200" width="60" height="90" rx="30" fill="#d4d4d8" stroke="#f4b942" stroke-width="4" transform="rotate(30 690 245)"/>
<g fill="#3b2d5c">${Array.from({ length: 7 }, (_, i) => `<circle cx="${120 + i * 170}" cy="690" r="60"/><rect x="${65 + i * 170}" y="700" width="110" height="40" rx="20"/>`).join("")}</g>
<g fill="#f4b942"><circle cx="200" cy="160" r="6"/><circle cx="1080" cy="120" r="8"/><circle cx="980" cy="250" r="5"/><circle cx="300" cy="300" r="5"/></g>`,
  ),
  // A code editor window beside a coiled snake.
  python: frame(
    "#15302b",
    `<rect x="110" y="120" width="660" height="470" rx="22" fill="#0d1b18" stroke="#2e5a50" stroke-width="4"/>
<rect x="110" y="120" width="660" height="56" rx="22" fill="#2e5a50"/><circle cx="150" cy="148" r="10" fill="#ff6b6b"/><circle cx="185" cy="148" r="10" fill="#ffd43b"/><circle cx="220" cy="148" r="10" fill="#51cf66"/>
<g font-family="DejaVu Sans Mono" font-size="36"><text x="150" y="250" fill="#74c0fc">for</text><text x="230" y="250" fill="#f5fff9">n</text><text x="270" y="250" fill="#74c0fc">in</text><text x="330" y="250" fill="#ffd43b">range</text><text x="440" y="250" fill="#f5fff9">(3):</text>
<text x="210" y="310" fill="#ffd43b">print</text><text x="320" y="310" fill="#f5fff9">(</text><text x="342" y="310" fill="#b2f2bb">"Hola"</text><text x="490" y="310" fill="#f5fff9">, n)</text>
<text x="150" y="400" fill="#5c7c74"># Hola 0</text><text x="150" y="450" fill="#5c7c74"># Hola 1</text><text x="150" y="500" fill="#5c7c74"># Hola 2</text></g>
<path d="M900 560 q-120 -20 -80 -120 q40 -100 160 -70 q120 30 90 -80 q-20 -70 -110 -60" stroke="#ffd43b" stroke-width="48" fill="none" stroke-linecap="round"/>
<path d="M900 560 q-120 -20 -80 -120 q40 -100 160 -70 q120 30 90 -80 q-20 -70 -110 -60" stroke="#3776ab" stroke-width="20" fill="none" stroke-linecap="round" stroke-dasharray="30 40"/>
<circle cx="955" cy="232" r="36" fill="#ffd43b"/><circle cx="945" cy="222" r="7" fill="#15302b"/>`,
  ),
};
