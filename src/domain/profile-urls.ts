/** The two addresses a customer has: the public page and the secret edit link. */
export function publicProfileUrl(origin: string, slug: string): string {
  return `${origin}/${slug}`;
}

export function editUrl(origin: string, token: string): string {
  return `${origin}/edit/${token}`;
}
