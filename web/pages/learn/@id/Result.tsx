/** The certificate's public page and its PDF. */
export function CertificateLinks({ code }: { code: string }) {
  return (
    <p className="form__actions">
      <a className="button" href={`/certificates/${code}`} data-certificate-page="">
        View your certificate
      </a>
      <a className="button button--secondary" href={`/api/certificates/${code}.pdf`} download={`certificate-${code}.pdf`} data-certificate-pdf="">
        Download the PDF
      </a>
    </p>
  );
}
