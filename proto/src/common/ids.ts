import { z } from 'zod';

/** PostgreSQL's `integer` (int4): the range of every id and integer column a request can reach. */
export const PG_INT_MAX = 2_147_483_647;
export const PG_INT_MIN = -2_147_483_648;

/** Public ids are positive integers, as the spec's clients expect. */
export const IdSchema = z.number().int().positive();

declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type CompanyId = Brand<number, 'CompanyId'>;
export type UserId = Brand<number, 'UserId'>;

export const CompanyIdSchema = IdSchema.transform((value) => value as CompanyId);
export const UserIdSchema = IdSchema.transform((value) => value as UserId);

/** Brands a trusted integer (from the gateway's identity headers or a stored row) as a CompanyId. */
export const asCompanyId = (value: number): CompanyId => value as CompanyId;
export const asUserId = (value: number): UserId => value as UserId;

/** The platform operator's company: its super users run the platform. */
export const PLATFORM_COMPANY_ID = 1 as CompanyId;
