import { z } from 'zod';
import { PG_INT_MAX } from './ids.js';

/** `pageNumber` as the spec's clients send it: a string or number, starting at 1. */
export const PageNumberSchema = z.coerce.number().int().min(1).max(PG_INT_MAX).catch(1);

/** `hasMore` as upstream computes it: more rows exist beyond this page. */
export const hasMorePages = (count: number, offset: number, pageLength: number): boolean => count > offset + pageLength;
