# frozen_string_literal: true
require_relative "lib/docs"

DEFAULT_PORT = 8000
$verbose = false

namespace :docs do
  desc "Build the site"
  task build: [:clean] do
    sh "galley build --strict"
  end

  task :serve, [:port] do |_task, args|
    port = (args[:port] || DEFAULT_PORT).to_i
    puts "Serving on #{port}..." unless $verbose
    system("galley", "serve", "--dev-addr", "127.0.0.1:#{port}")
  end
end

class Page < Struct.new(:path, :title)
  @@count = 0

  def self.from(path)
    @@count += 1
    new(path, File.basename(path, ".md").tr("-", " ").capitalize)
  end

  def to_s = "#{title} (#{path})"
end

pages = Dir.glob("docs/**/*.md").map { |path| Page.from(path) }
pages.select! { |page| page.title.length > 3 }
puts pages.first&.to_s
