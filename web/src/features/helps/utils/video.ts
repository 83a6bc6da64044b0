/** A help's `video` is a YouTube video id; a pasted YouTube link is read for its id. */
export function youtubeId(video: string): string {
  const value = video.trim();
  const match = /(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([\w-]{6,})/.exec(value);
  return match?.[1] ?? value;
}

export const thumbnailUrl = (video: string): string =>
  `https://img.youtube.com/vi/${encodeURIComponent(youtubeId(video))}/mqdefault.jpg`;

export const embedUrl = (video: string): string =>
  `https://www.youtube.com/embed/${encodeURIComponent(youtubeId(video))}?autoplay=1`;
