import spinnerUrl from '../assets/spinner.svg?no-inline';

/** Seed §2 "Loading views": a spinner image and the text "Loading". */
export function LoadingView() {
  return (
    <div className="loading-view" role="status" data-loading-view="">
      <img className="loading-view__spinner" src={spinnerUrl} alt="" width={40} height={40} />
      <p className="loading-view__text">Loading</p>
    </div>
  );
}
