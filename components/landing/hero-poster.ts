import svgToDataUri from 'mini-svg-data-uri';

/**
 * The hero video's poster: the chat of its scene (scripts/video/hero-scene.html once the new member
 * has been welcomed), drawn as vector shapes and text and carried inside the page as a data
 * URI. A poster fetched on its own could not paint before one more round trip after the HTML — on a
 * slow phone network that round trip alone is over half a second, however early it is requested — so
 * the page's largest paint would wait for it; inside the page it paints with the first frame. As
 * text and shapes it is about 1 KB compressed, sharp at every pixel density. It is decorative (the
 * video carries the label), so its words stay in English like the video's.
 */
const bubble = (y: number, width: number, height: number) =>
  `<rect x="122" y="${y}" width="${width}" height="${height}" rx="12" fill="#4338ca"/>`;
const botAvatar = (cy: number) =>
  `<g transform="translate(98 ${cy})"><circle r="15" fill="#4338ca"/><circle r="13.5" fill="#fff"/>` +
  `<circle r="11.5" fill="#14b8a6"/><path d="M0 0V-11.5A11.5 11.5 0 0 1 11.5 0ZM0 0V11.5A11.5 11.5 0 0 1-11.5 0Z" fill="#4338ca"/></g>`;
const line = (x: number, y: number, size: number, fill: string, text: string, weight = 400) =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${weight === 400 ? '' : ` font-weight="${weight}"`}>${text}</text>`;
const name = (y: number, text = 'Quorum AI', fill = '#c7d2fe') => line(134, y, 10.5, fill, text, 700);

const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 540" font-family="DejaVu Sans,Liberation Sans,Arial,sans-serif">`,
  `<defs><linearGradient id="b" x2="1" y2="1"><stop stop-color="#eef0ff"/><stop offset="1" stop-color="#e6f7f5"/></linearGradient></defs>`,
  `<rect width="960" height="540" fill="url(#b)"/>`,
  `<rect x="60" y="30" width="840" height="480" rx="16.5" fill="#fff"/>`,
  `<path d="M60 87h840v370H60z" fill="#f7f8fc"/><path d="M60 87h840M60 457.5h840" stroke="#e6e8f2"/>`,
  `<circle cx="97" cy="57" r="16.5" fill="#0f766e"/>`,
  `<text x="97" y="62.5" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">A</text>`,
  line(126, 56, 16.5, '#141a2e', 'Acme Growth', 700),
  line(126, 72, 11.25, '#6b7290', '9 members · Quorum AI is here'),
  bubble(88, 580, 74),
  name(106),
  line(134, 128, 14.25, '#fff', 'Launch moves to March 3. Tom owns the landing page, Minh the app release,'),
  line(134, 148, 14.25, '#fff', 'Linh the press kit.'),
  botAvatar(148),
  `<rect x="122.5" y="174.5" width="331" height="55" rx="12" fill="#fff" stroke="#e3e6f0"/>`,
  name(192, 'Minh', '#4338ca'),
  line(134, 215, 14.25, '#141a2e', 'Mình sẽ gửi bản build thử vào thứ Sáu nhé.'),
  `<circle cx="98" cy="215" r="14" fill="#ea580c"/>`,
  `<text x="98" y="219.5" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">M</text>`,
  bubble(240, 370, 82),
  name(260),
  line(134, 281, 14.25, '#fff', 'Translation: “I will send the test build on Friday.”'),
  `<path d="M134 291.5h345" stroke="#fff" stroke-opacity=".35"/>`,
  line(134, 308, 12, '#e0e7ff', 'Dịch tự động · Vietnamese → English'),
  botAvatar(307),
  `<rect x="408" y="333" width="143" height="22" rx="11" fill="#eceefa"/>`,
  `<text x="479.5" y="348" font-size="11.25" fill="#6b7290" text-anchor="middle">Sara joined the group</text>`,
  bubble(366, 580, 76),
  name(386),
  line(134, 408, 14.25, '#fff', 'Welcome, Sara! This group plans the March launch. Pinned: the launch brief'),
  line(134, 428, 14.25, '#fff', 'and the task list. Ask me anything.'),
  botAvatar(427),
  line(81, 489, 13.5, '#9aa0b8', 'Message'),
  `<circle cx="863" cy="484" r="15.75" fill="#4338ca"/>`,
  `</svg>`,
].join('');

export const HERO_POSTER = svgToDataUri(svg);
