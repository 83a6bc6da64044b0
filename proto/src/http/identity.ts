import { z } from 'zod';
import { IdSchema, PG_INT_MAX } from '../common/ids.js';
import { partialUpdateSchema } from '../common/partial-update.js';
import { PageNumberSchema } from '../common/pagination.js';
import {
  CompanySnapshotSchema,
  PlanSnapshotSchema,
  ProfileSchema,
  RecurrenceSchema,
  ScheduleEntrySchema,
} from '../events/identity/snapshots.js';

const required = 'Campo obrigatório';
const mandatory = 'Obrigatório';

/**
 * `POST /companies/cadastro` (public signup). The spec's client also sends recurrence, dueDate, status and
 * campaignsEnabled; the server ignores them and computes the 3-day trial and the MENSAL recurrence itself.
 */
export const SignupRequestSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(2, 'Nome precisa ter ao menos 3 caracteres!')
    .max(50, 'Nome não pode conter mais que 50 caracteres!'),
  email: z.string({ error: required }).trim().toLowerCase().pipe(z.email('Email inválido').max(128, 'Email inválido')),
  phone: z
    .string({ error: required })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone inválido. Exemplo: (99) 99999-9999')),
  password: z.string({ error: required }).min(5, 'Senha muito curta!').max(50, 'Senha muito grande!'),
  planId: z.coerce.number({ error: 'Selecione um plano' }).int().positive().max(PG_INT_MAX),
  /**
   * The person signing up, the company's first admin. Optional on the wire (the established client does not send
   * it: the company's name is used, as upstream did); this product's form asks for it.
   */
  userName: z
    .string()
    .trim()
    .min(2, 'Nome precisa ter ao menos 2 caracteres!')
    .max(50, 'Nome não pode conter mais que 50 caracteres!')
    .optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** The sign-up form of this product: the person's name is required. */
export const SignupFormSchema = SignupRequestSchema.extend({
  userName: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(2, 'Nome precisa ter ao menos 2 caracteres!')
    .max(50, 'Nome não pode conter mais que 50 caracteres!'),
});

/** Days of free trial a signup gets. */
export const TRIAL_DAYS = 3;

/** `?searchParam=&pageNumber=` of the spec's paginated lists. */
export const ListQuerySchema = z.object({
  searchParam: z.string().max(200).optional().catch(undefined),
  pageNumber: PageNumberSchema.optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

// --- auth -----------------------------------------------------------------------------------------------------

export const LoginRequestSchema = z.object({
  email: z.string({ error: mandatory }).trim().toLowerCase().min(1, mandatory).max(128, 'Email inválido'),
  password: z.string({ error: mandatory }).min(1, mandatory).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const PlanFlagsSchema = z.object({
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type PlanFlags = z.infer<typeof PlanFlagsSchema>;

/**
 * The claims of an access token (ES256 JWT, 15 minutes, signed by identity, verified by the gateway with the
 * public key only; see ADR 0005). They carry what the gateway's gates and socket rooms need, so the gateway
 * never reads identity's tables.
 */
export const AccessTokenClaimsSchema = z.object({
  /** The user id, as a string (JWT `sub`). */
  sub: z.string().regex(/^\d+$/),
  /** The company id. */
  cid: IdSchema,
  /** The session (refresh-token family) this token belongs to. */
  sid: z.string().min(1),
  profile: ProfileSchema,
  super: z.boolean(),
  /** The user's queue ids and `allTicket`, for the socket rooms of `joinNotification` / `joinTickets`. */
  queues: z.array(IdSchema),
  allTicket: z.enum(['enable', 'disable']),
  /** The company's plan flags (null: no plan, every flag off) and due date (null: never expires). */
  plan: PlanFlagsSchema.nullable(),
  due: z.iso.date().nullable(),
  tz: z.string().min(1),
  iat: z.number().int(),
  /** When the token was signed, in milliseconds (iat has whole seconds): newer events override the claims. */
  ims: z.number().int().optional(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

export const ACCESS_TOKEN_ISSUER = 'cs-identity';
export const ACCESS_TOKEN_AUDIENCE = 'cs-gateway';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The httpOnly cookie holding the refresh token (the spec's clients call `/auth/refresh_token` with it). */
export const REFRESH_COOKIE = 'jrt';

/** Presence reported by the gateway's sockets (`userStatus` every 5 minutes, connect, last disconnect). */
export const PresenceRequestSchema = z.object({ online: z.boolean() });

// --- users ----------------------------------------------------------------------------------------------------

/**
 * A user's name and password (spec §5): name 2 to 256 and password 5 to 256 in the user's own profile form; 50 at
 * most in the company forms, the limit of a user an admin creates or edits (`CompanyUserUpdateSchema`).
 */
const userName = (max: number) =>
  z
    .string({ error: mandatory })
    .trim()
    .min(2, 'Nome muito curto')
    .max(max, `Nome não pode ultrapassar ${max} caracteres`);
const PASSWORD_MIN = 'A senha deve ter pelo menos 5 caracteres';
const newPassword = (max: number) =>
  z.string({ error: mandatory }).min(5, PASSWORD_MIN).max(max, `A senha não pode ultrapassar ${max} caracteres`);
/** An edit's password: empty or absent keeps the current one (the spec's forms send it empty on edit). */
const keptOrNewPassword = (max: number) =>
  z
    .string()
    .max(max, `A senha não pode ultrapassar ${max} caracteres`)
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(5, PASSWORD_MIN).optional());
/** The company forms' limit of a name and a password (spec §5). */
const COMPANY_FORM_MAX = 50;
/** The own-profile form's limit of a name and a password (spec §5). */
const OWN_PROFILE_MAX = 256;
const userEmail = z.string({ error: mandatory }).trim().toLowerCase().pipe(z.email('Email inválido').max(128));
const queueIds = z.array(z.coerce.number().int().positive().max(PG_INT_MAX)).max(500);
const allTicket = z
  .enum(['enable', 'enabled', 'disable', 'disabled', 'desabled'])
  .transform((value) => (value.startsWith('enable') ? 'enable' : 'disable'));

/**
 * A user's default connection: an id, or none as null, '' or false (the established client's user dialog sends
 * `false` when none is chosen; the established back end stores it as null).
 */
const userConnectionId = z.union([
  z.literal(false).transform(() => null),
  z.literal('').transform(() => null),
  z.null(),
  z.coerce.number().int().positive().max(PG_INT_MAX),
]);

/** `POST /users`: only the company forms create users, so their limits hold. */
export const CreateUserRequestSchema = z.object({
  name: userName(COMPANY_FORM_MAX),
  email: userEmail,
  password: newPassword(COMPANY_FORM_MAX),
  profile: ProfileSchema.default('user'),
  whatsappId: userConnectionId.optional(),
  queueIds: queueIds.default([]),
  allTicket: allTicket.default('disable'),
  super: z.boolean().optional(),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

/**
 * `PUT /users/{id}`, the route of both the company forms and the own-profile form: a user editing itself has the
 * own-profile limits; a user edited by someone else (an admin, in the company forms) also passes
 * `CompanyUserUpdateSchema`.
 */
export const UpdateUserRequestSchema = z.object({
  name: userName(OWN_PROFILE_MAX).optional(),
  email: userEmail.optional(),
  password: keptOrNewPassword(OWN_PROFILE_MAX),
  profile: ProfileSchema.optional(),
  whatsappId: userConnectionId.optional(),
  queueIds: queueIds.optional(),
  allTicket: allTicket.optional(),
  super: z.boolean().optional(),
  /** Required when users change their own password or e-mail (checked against the stored hash). */
  currentPassword: z.string().max(256).optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** The company forms' limits on an edit of another user (spec §5: name and password 50 at most). */
export const CompanyUserUpdateSchema = UpdateUserRequestSchema.extend({
  name: userName(COMPANY_FORM_MAX).optional(),
  password: keptOrNewPassword(COMPANY_FORM_MAX),
});

/** A queue of a user, with the link row the established server serializes (`UserQueue`: kanban and filters read it). */
export const UserQueueSchema = z.object({
  id: IdSchema,
  name: z.string(),
  color: z.string(),
  UserQueue: z.object({ userId: IdSchema, queueId: IdSchema }),
});

/** A user as the spec's clients read it (login, `/auth/me`, `/users`). */
export const UserResponseSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  profile: ProfileSchema,
  companyId: IdSchema,
  super: z.boolean(),
  online: z.boolean(),
  allTicket: z.enum(['enable', 'disable']),
  whatsappId: IdSchema.nullable(),
  whatsapp: z.object({ id: IdSchema, name: z.string() }).nullable(),
  queues: z.array(UserQueueSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A company as the spec's clients read it (the super user's list, `/companies/{id}`, login's `user.company`). */
export const CompanyResponseSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: RecurrenceSchema.nullable(),
  planId: IdSchema.nullable(),
  plan: PlanSnapshotSchema.nullable(),
  schedules: z.array(ScheduleEntrySchema),
  /** IANA zone the server reads company wall-clock times in (campaign schedules). */
  timezone: z.string(),
  campaignsEnabled: z.boolean(),
  /** The company's settings without the integration credentials (`SECRET_SETTING_KEYS`). */
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyResponse = z.infer<typeof CompanyResponseSchema>;
export const SessionCompanySchema = CompanyResponseSchema;

export const SessionUserSchema = UserResponseSchema.extend({ company: SessionCompanySchema });
export const LoginResponseSchema = z.object({ token: z.string(), user: SessionUserSchema });

// --- plans, companies, settings, helps, announcements ---------------------------------------------------------

const count = z.coerce.number().int().min(0).max(100_000);
const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

export const PlanRequestSchema = z.object({
  name: z.string({ error: mandatory }).trim().min(1, mandatory).max(100),
  users: count.default(0),
  connections: count.default(0),
  queues: count.default(0),
  value: z.coerce.number().min(0).max(1_000_000).default(0),
  useCampaigns: flag.default(true),
  useSchedules: flag.default(true),
  useInternalChat: flag.default(true),
  useExternalApi: flag.default(true),
  useKanban: flag.default(true),
  useOpenAi: flag.default(true),
  useIntegrations: flag.default(true),
  /** Listed to visitors and selectable at the public signup; off: kept by the super user for internal use. */
  public: flag.default(true),
});
export type PlanRequest = z.infer<typeof PlanRequestSchema>;
export const PlanUpdateRequestSchema = partialUpdateSchema(PlanRequestSchema);
export type PlanUpdateRequest = z.infer<typeof PlanUpdateRequestSchema>;

const dueDate = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? value.slice(0, 10) : value),
  z.iso.date().nullable().catch(null),
);

export const CompanyRequestSchema = z.object({
  name: z.string({ error: mandatory }).trim().min(2, mandatory).max(50),
  email: z.string({ error: mandatory }).trim().toLowerCase().pipe(z.email('Email inválido').max(128)),
  phone: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\D/g, '') : null)),
  status: flag.default(true),
  planId: z.coerce.number({ error: mandatory }).int().positive().max(PG_INT_MAX),
  dueDate: dueDate.optional(),
  recurrence: z.preprocess((value) => (value === '' ? undefined : value), RecurrenceSchema.optional()),
  campaignsEnabled: flag.optional(),
  /** The first admin's password (super-user form); a random one is generated when absent. */
  password: z.string().min(5).max(50).optional(),
});
export type CompanyRequest = z.infer<typeof CompanyRequestSchema>;
export const CompanyUpdateRequestSchema = partialUpdateSchema(CompanyRequestSchema.omit({ password: true }));
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequestSchema>;

export const CompanySchedulesRequestSchema = z.object({ schedules: z.array(ScheduleEntrySchema).max(7) });

export const SettingRequestSchema = z.object({ value: z.coerce.string().max(5_000) });

/**
 * Settings that hold credentials of integrations (payment gateway, ISP systems). Admins read them masked from
 * `GET /settings`; they never appear in `/auth/login`, `/auth/me`, `/auth/refresh_token` or on socket channels.
 */
export const SECRET_SETTING_KEYS = [
  'asaas',
  'tokenixc',
  'ipixc',
  'ipmkauth',
  'clientidmkauth',
  'clientsecretmkauth',
  'tokensgp',
  'ipsgp',
  'appsgp',
] as const;
export const isSecretSetting = (key: string): boolean => (SECRET_SETTING_KEYS as readonly string[]).includes(key);
/** What an admin reads for a secret setting that has a value (writing it back leaves the value unchanged). */
export const SECRET_SETTING_MASK = '••••••••';
/** A secret value as an admin sees it: the mask when set, empty when not. */
export const maskSecretSetting = (key: string, value: string): string =>
  isSecretSetting(key) && value !== '' ? SECRET_SETTING_MASK : value;

export const HelpRequestSchema = z.object({
  title: z.string({ error: mandatory }).trim().min(1, mandatory).max(200),
  video: z.string().trim().max(200).default(''),
  description: z.string().max(5_000).default(''),
  link: z.string().max(500).optional(),
});
export type HelpRequest = z.infer<typeof HelpRequestSchema>;
export const HelpUpdateRequestSchema = partialUpdateSchema(HelpRequestSchema);
export type HelpUpdateRequest = z.infer<typeof HelpUpdateRequestSchema>;

export const AnnouncementRequestSchema = z.object({
  title: z.string({ error: mandatory }).trim().min(1, mandatory).max(200),
  text: z.string({ error: mandatory }).trim().min(1, mandatory).max(10_000),
  priority: z.coerce.number().int().min(1).max(3).default(3),
  status: flag.default(true),
});
export type AnnouncementRequest = z.infer<typeof AnnouncementRequestSchema>;
export const AnnouncementUpdateRequestSchema = partialUpdateSchema(AnnouncementRequestSchema);

// --- answers --------------------------------------------------------------------------------------------------

export type UserResponse = z.infer<typeof UserResponseSchema>;
export type SessionUser = z.infer<typeof SessionUserSchema>;
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export const UserPageSchema = z.object({
  users: z.array(UserResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type UserPage = z.infer<typeof UserPageSchema>;

/** A plan as the plan routes answer: its snapshot and whether the public signup offers it. */
export const PlanSchema = PlanSnapshotSchema.extend({ public: z.boolean() });
export type Plan = z.infer<typeof PlanSchema>;
export const PlanPageSchema = z.object({ plans: z.array(PlanSchema), count: z.number().int(), hasMore: z.boolean() });

/** A setting as `/settings` answers it (secret values masked for admins; see `maskSecretSetting`). */
export const SettingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof SettingSchema>;
export const SettingParamsSchema = z.object({ key: z.string().min(1) });

export const CompanyPageSchema = z.object({
  companies: z.array(CompanyResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
/** What company changes answer: the company as events carry it. */
export const CompanySchema = CompanySnapshotSchema;
export type Company = z.infer<typeof CompanySchema>;

/** A help video. */
export const HelpSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  video: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Help = z.infer<typeof HelpSchema>;
export const HelpPageSchema = z.object({ records: z.array(HelpSchema), count: z.number().int(), hasMore: z.boolean() });

/** An announcement (`mediaPath`: the image's file name under `/announcements/media/`). */
export const AnnouncementSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  title: z.string(),
  text: z.string(),
  priority: z.number().int(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementPageSchema = z.object({
  records: z.array(AnnouncementSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export const AnnouncementMediaParamsSchema = z.object({ file: z.string().min(1) });
