/**
 * A rendered SVG chart as a PNG download, made in the browser: the SVG is serialised with its
 * size and a background (a transparent PNG is unreadable in a dark viewer), drawn on a canvas at
 * twice its size, and saved. Recharts sets its colours as attributes, so no stylesheet is needed.
 * The SVG is loaded as a data: URL: the console's Content-Security-Policy admits data: images and
 * no blob: ones, and an export is no reason to widen it.
 */
export async function downloadSvgAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const { width, height } = svg.getBoundingClientRect();
  if (width === 0 || height === 0) throw new Error('The chart has no size to export.');
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    image.src = url;
  });
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on a canvas.');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made.'))), 'image/png'),
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(png);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
