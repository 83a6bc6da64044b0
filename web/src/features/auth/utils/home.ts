/** After login both profiles go to /tickets; any other profile is refused ('Perfil desconhecido'). */
export function homeForProfile(profile: string): string | null {
  const p = profile.toLowerCase();
  return p === 'admin' || p === 'user' ? '/tickets' : null;
}
