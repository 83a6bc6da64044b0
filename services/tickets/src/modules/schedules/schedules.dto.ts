/** The attachments a schedule accepts (the spec: png, jpg, jpeg). */
export const SCHEDULE_MEDIA_EXTENSIONS = /\.(png|jpe?g)$/i;
