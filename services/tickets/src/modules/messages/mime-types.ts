/** The MIME type of a file we send, by its name's extension (WhatsApp needs one for every media message). */
export function mimeOf(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const known: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    mp4: 'video/mp4',
    mp3: 'audio/mpeg',
    ogg: 'audio/ogg',
    pdf: 'application/pdf',
  };
  return known[ext] ?? 'application/octet-stream';
}
