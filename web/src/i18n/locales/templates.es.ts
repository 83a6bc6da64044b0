import type { templatesPt } from './templates.pt';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const templatesEs: Texts<typeof templatesPt> = {
  templates: {
    title: 'Enviar plantilla de mensaje',
    open: 'Plantillas',
    short: 'Plantillas',
    template: 'Plantilla',
    choose: 'Elija una plantilla aprobada',
    none: 'Ninguna plantilla aprobada en esta conexión. Sincronice las plantillas de Meta en la conexión.',
    headerValue: 'Encabezado: valor {{n}}',
    bodyValue: 'Cuerpo: valor {{n}}',
    incomplete: 'Complete todos los valores de la plantilla.',
    headerMedia: 'Encabezado: {{kind}} (dirección)',
    headerMediaHelp: 'Dirección pública (https) del archivo que el cliente recibe en el encabezado, o suba el archivo.',
    media: { image: 'imagen', video: 'video', document: 'documento' },
    buttonValue: 'Botón "{{label}}": final de la dirección',
    connection: 'Conexión',
    defaultConnection: 'Conexión predeterminada',
    upload: 'Subir archivo',
    preview: 'Vista previa',
    send: 'Enviar plantilla',
    windowClosed:
      'Más de 24 horas desde el último mensaje del cliente: la API oficial de WhatsApp solo permite una plantilla aprobada.',
    placeholder: 'Fuera de la ventana de 24 horas: envíe una plantilla',
  },
  campaignFailures: {
    title: 'Fallos por contacto',
    contact: 'Contacto',
    number: 'Número',
    reason: 'Motivo',
    at: 'Cuándo',
  },
};
