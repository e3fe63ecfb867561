/**
 * The host's rule for model-visible prompt text: the system prompt treats
 * `{{name}}` as a variable, an unknown variable aborts the turn, and sections
 * cannot opt out of interpolation. Pure.
 */

const VARIABLE_OPEN = '{{'

/**
 * Refuse prompt text that holds a variable opening.
 * @param text - section or context text.
 * @param section - section name, named in the error.
 * @returns the text unchanged.
 * @throws Error naming the section.
 */
export function assertNoPromptVariable(text: string, section: string): string {
  if (text.includes(VARIABLE_OPEN)) throw new Error(`${section} must not contain "${VARIABLE_OPEN}": the host treats it as a prompt variable`)
  return text
}
