// Stage in progress.
