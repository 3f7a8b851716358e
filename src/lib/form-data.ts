// Reading a posted HTML form: its text fields as a plain record (files and repeats are left out).
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] ??= value;
  return values;
}
