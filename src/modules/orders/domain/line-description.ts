/**
 * An order line as one phrase: "Manual Handling (DVD)". An option whose own name already has brackets
 * ("PowerPoint pack (download)") follows a dash instead, so nothing reads "(PowerPoint pack (download))"
 * (issue 28). The invoices, the order e-mails, the export and the order views all use this one rule.
 */
export function lineDescription(title: string, optionName: string | null | undefined): string {
  const option = optionName?.trim();
  if (!option) return title;
  return /[()[\]]/.test(option) ? `${title} – ${option}` : `${title} (${option})`;
}
