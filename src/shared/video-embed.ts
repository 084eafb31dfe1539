// Video links pasted into the editor become embed addresses for the two video sites the store allows.
// Anything else is not a video the store will frame.

const YOUTUBE_ID = '([A-Za-z0-9_-]{6,64})';
const YOUTUBE = [
  new RegExp(`^(?:https?:)?//(?:www\\.|m\\.)?youtube\\.com/watch\\?(?:.*&)?v=${YOUTUBE_ID}`),
  new RegExp(`^(?:https?:)?//(?:www\\.|m\\.)?youtube\\.com/(?:embed|shorts|live)/${YOUTUBE_ID}`),
  new RegExp(`^(?:https?:)?//(?:www\\.)?youtube-nocookie\\.com/embed/${YOUTUBE_ID}`),
  new RegExp(`^(?:https?:)?//youtu\\.be/${YOUTUBE_ID}`),
];
const VIMEO = [
  /^(?:https?:)?\/\/(?:www\.)?vimeo\.com\/(?:video\/)?(\d{1,20})(?:[/?#]|$)/,
  /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d{1,20})(?:[/?#]|$)/,
];

/** The https embed address of a YouTube or Vimeo link, or null when it is neither. */
export function toVideoEmbedUrl(link: string): string | null {
  const url = link
    .trim()
    .replace(/^(?=(?:www\.|m\.)?(?:youtube\.com|youtu\.be|vimeo\.com|player\.vimeo\.com)\/)/, '//');
  for (const re of YOUTUBE) {
    const id = re.exec(url)?.[1];
    if (id) return `https://www.youtube.com/embed/${id}`;
  }
  for (const re of VIMEO) {
    const id = re.exec(url)?.[1];
    if (id) return `https://player.vimeo.com/video/${id}`;
  }
  return null;
}
